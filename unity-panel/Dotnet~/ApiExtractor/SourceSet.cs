using System;
using System.Collections.Generic;
using System.Linq;
using System.Xml.Linq;

namespace AgentPanel.ApiExtractor
{
    /// <summary>One Unity assembly's sources as the reference source's own project file lists them (files and defines).</summary>
    internal sealed class AssemblySources
    {
        public string Name;
        public List<KeyValuePair<string, string>> Files = new List<KeyValuePair<string, string>>();
        public List<string> Defines = new List<string>();
    }

    /// <summary>Reads UnityEngine's and UnityEditor's sources at a tag straight out of the reference source's git directory
    /// (`git archive`, read in memory: nothing of Unity's source is written to disk).</summary>
    internal static class SourceSet
    {
        /// <summary>UnityEngine and UnityEditor, in that order, per Projects/CSharp/*.csproj of the tag.</summary>
        public static List<AssemblySources> Load(string gitDir, string tag, IEnumerable<string> extraDefines)
        {
            var files = ReadTree(gitDir, tag);
            var result = new List<AssemblySources>();
            foreach (var name in new[] { "UnityEngine", "UnityEditor" })
            {
                var projectPath = "Projects/CSharp/" + name + ".csproj";
                if (!files.TryGetValue(projectPath, out var project)) throw new InvalidOperationException($"{projectPath} is missing at {tag}");
                var xml = XDocument.Parse(project);
                var assembly = new AssemblySources { Name = name };
                foreach (var include in xml.Descendants("Compile").Select(c => (string)c.Attribute("Include")))
                {
                    var path = Normalize(include);
                    if (files.TryGetValue(path, out var text)) assembly.Files.Add(new KeyValuePair<string, string>(path, text));
                }
                assembly.Files.Sort((a, b) => string.CompareOrdinal(a.Key, b.Key));
                var defines = xml.Descendants("DefineConstants").SelectMany(d => d.Value.Split(';'))
                    .Select(d => d.Trim()).Where(d => d.Length > 0 && !d.StartsWith("$("));
                assembly.Defines = defines.Concat(extraDefines).Distinct().OrderBy(d => d, StringComparer.Ordinal).ToList();
                result.Add(assembly);
            }
            return result;
        }

        /// <summary>"..\..\Runtime\Export\X.cs" → "Runtime/Export/X.cs".</summary>
        private static string Normalize(string include)
        {
            var path = include.Replace('\\', '/');
            while (path.StartsWith("../")) path = path.Substring(3);
            return path;
        }

        /// <summary>Every .cs and .csproj file of the tag, path → text.</summary>
        private static SortedDictionary<string, string> ReadTree(string gitDir, string tag)
        {
            // Only the folders the project files draw from (not Unity's prebuilt binaries); ModuleOverrides exists in 2022.3 only.
            var wanted = new[] { "Projects", "Runtime", "Editor", "Modules", "ModuleOverrides", "External", "artifacts" };
            var present = GitArchive.TopLevel(gitDir, tag);
            return GitArchive.Read(gitDir, tag, wanted.Where(present.Contains), ".cs", ".csproj");
        }
    }
}
