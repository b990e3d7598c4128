using System.IO;
using System.Runtime.CompilerServices;

namespace AgentPanel.Core.Tests.Support
{
    /// <summary>Finds the repository around these test sources (docs/protocol, dist/…); null when the package is installed on its own (e.g. in a Unity project).</summary>
    internal static class RepoPaths
    {
        /// <summary>The repository root (the folder holding unity-panel/ and sidecar/), or null.</summary>
        public static string Root => FindRoot(ThisFile());

        /// <summary>unity-panel/ (the package root), found from this source file.</summary>
        public static string Package
        {
            get
            {
                var dir = Path.GetDirectoryName(ThisFile());
                while (dir != null && !File.Exists(Path.Combine(dir, "package.json"))) dir = Path.GetDirectoryName(dir);
                return dir;
            }
        }

        private static string FindRoot(string start)
        {
            var dir = Path.GetDirectoryName(start);
            while (dir != null)
            {
                if (Directory.Exists(Path.Combine(dir, "unity-panel")) && Directory.Exists(Path.Combine(dir, "sidecar"))) return dir;
                dir = Path.GetDirectoryName(dir);
            }
            return null;
        }

        private static string ThisFile([CallerFilePath] string path = "")
        {
            return path;
        }
    }
}
