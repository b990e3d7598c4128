using System;
using System.IO;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Launch
{
    /// <summary>The installed package's package.json: the version the panel reports in hello comes from it, never from a literal.</summary>
    internal static class PackageManifest
    {
        /// <summary>Reported when package.json cannot be read (a broken install).</summary>
        public const string UnknownVersion = "0.0.0-unknown";

        /// <summary>The "version" of &lt;packageRoot&gt;/package.json, or <see cref="UnknownVersion"/>.</summary>
        public static string Version(string packageRoot)
        {
            try
            {
                var manifest = JObject.Parse(File.ReadAllText(Path.Combine(packageRoot, "package.json")));
                var version = (string)manifest["version"];
                return string.IsNullOrWhiteSpace(version) ? UnknownVersion : version;
            }
            catch (Exception e) when (e is IOException || e is UnauthorizedAccessException || e is JsonException || e is ArgumentException || e is InvalidCastException)
            {
                return UnknownVersion;
            }
        }
    }
}
