using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Formats.Tar;
using System.IO;
using System.Linq;
using System.Text;
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

        private static string Git(string gitDir, params string[] args)
        {
            var start = new ProcessStartInfo("git", new[] { "-C", gitDir }.Concat(args)) { RedirectStandardOutput = true, UseShellExecute = false };
            using (var git = Process.Start(start))
            {
                var output = git.StandardOutput.ReadToEnd();
                git.WaitForExit();
                if (git.ExitCode != 0) throw new InvalidOperationException("git " + string.Join(" ", args) + " failed");
                return output;
            }
        }

        /// <summary>Every .cs and .csproj file of the tag, path → text.</summary>
        private static Dictionary<string, string> ReadTree(string gitDir, string tag)
        {
            // Only the folders the project files draw from (not Unity's prebuilt binaries); ModuleOverrides exists in 2022.3 only.
            var wanted = new[] { "Projects", "Runtime", "Editor", "Modules", "ModuleOverrides", "External", "artifacts" };
            var present = Git(gitDir, "ls-tree", "--name-only", tag).Split('\n');
            var args = new List<string> { "-C", gitDir, "archive", "--format=tar", tag };
            args.AddRange(wanted.Where(present.Contains));
            var start = new ProcessStartInfo("git", args)
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            var files = new Dictionary<string, string>(StringComparer.Ordinal);
            using (var git = Process.Start(start))
            {
                var errors = git.StandardError.ReadToEndAsync();
                using (var tar = new TarReader(git.StandardOutput.BaseStream))
                {
                    TarEntry entry;
                    while ((entry = tar.GetNextEntry()) != null)
                    {
                        if (entry.EntryType != TarEntryType.RegularFile && entry.EntryType != TarEntryType.V7RegularFile) continue;
                        if (!entry.Name.EndsWith(".cs") && !entry.Name.EndsWith(".csproj")) continue;
                        using (var reader = new StreamReader(entry.DataStream, Encoding.UTF8)) files[entry.Name] = reader.ReadToEnd();
                    }
                    git.StandardOutput.BaseStream.CopyTo(Stream.Null); // the tar's end padding: let git finish writing
                }
                git.WaitForExit();
                if (git.ExitCode != 0) throw new InvalidOperationException($"git archive {tag} failed: {errors.Result}");
            }
            return files;
        }
    }
}
