using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.RepoChecks
{
    /// <summary>Every file and folder Unity imports from the package has a current .meta with its deterministic GUID (Tools~/gen-meta.mjs writes them).</summary>
    public class MetaFilesTests
    {
        private const string Fix = "run `node unity-panel/Tools~/gen-meta.mjs` and commit the .meta files";

        [Test]
        public void EveryImportedAssetHasAMetaWithItsPathGuidAndTheRightImporter()
        {
            var root = RepoPaths.Package;
            var problems = new List<string>();
            foreach (var asset in Imported(root))
            {
                var rel = Relative(root, asset);
                var meta = asset + ".meta";
                if (!File.Exists(meta))
                {
                    problems.Add("missing: " + rel + ".meta");
                    continue;
                }
                var lines = File.ReadAllLines(meta);
                if (lines.Length < 3 || lines[0] != "fileFormatVersion: 2" || lines[1] != "guid: " + Guid(rel))
                {
                    problems.Add("stale (wrong GUID or header): " + rel + ".meta");
                    continue;
                }
                var importer = Directory.Exists(asset) ? "folderAsset: yes" : ExpectedImporter(rel);
                if (lines[2] != importer) problems.Add($"stale (expected \"{importer}\"): {rel}.meta");
            }
            Assert.That(problems, Is.Empty, Fix);
        }

        [Test]
        public void NoMetaIsLeftOverFromADeletedOrHiddenAsset()
        {
            var root = RepoPaths.Package;
            var orphans = MetaFiles(root).Where(m => !Imported(root).Contains(m.Substring(0, m.Length - 5))).Select(m => Relative(root, m)).ToList();
            Assert.That(orphans, Is.Empty, Fix);
        }

        [Test]
        public void GuidsAreUnique()
        {
            var root = RepoPaths.Package;
            var guids = MetaFiles(root).Select(m => File.ReadLines(m).Skip(1).First()).ToList();
            Assert.That(guids, Is.Unique);
            Assert.That(guids.Count, Is.GreaterThan(10));
        }

        /// <summary>MD5 of "dev.agentpanel.unity/" + the package-relative path, as Tools~/gen-meta.mjs computes it.</summary>
        internal static string Guid(string relativePath)
        {
            using (var md5 = MD5.Create())
            {
                var hash = md5.ComputeHash(Encoding.UTF8.GetBytes("dev.agentpanel.unity/" + relativePath));
                return string.Concat(hash.Select(b => b.ToString("x2")));
            }
        }

        private static string ExpectedImporter(string rel)
        {
            if (rel == "package.json") return "PackageManifestImporter:";
            switch (Path.GetExtension(rel).ToLowerInvariant())
            {
                case ".cs": return "MonoImporter:";
                case ".asmdef":
                case ".asmref": return "AssemblyDefinitionImporter:";
                case ".uxml":
                case ".uss":
                case ".tss": return "ScriptedImporter:";
                case ".md":
                case ".txt":
                case ".json":
                case ".xml":
                case ".html":
                case ".yaml":
                case ".bytes":
                case ".csv": return "TextScriptImporter:";
                default: return "DefaultImporter:";
            }
        }

        private static bool Hidden(string name)
        {
            return name.StartsWith(".") || name.EndsWith("~") || name.Equals("cvs", StringComparison.OrdinalIgnoreCase) || name.EndsWith(".tmp");
        }

        private static HashSet<string> Imported(string dir)
        {
            var all = new HashSet<string>();
            foreach (var entry in Directory.GetFileSystemEntries(dir))
            {
                var name = Path.GetFileName(entry);
                if (Hidden(name) || name.EndsWith(".meta")) continue;
                all.Add(entry);
                if (Directory.Exists(entry)) all.UnionWith(Imported(entry));
            }
            return all;
        }

        private static IEnumerable<string> MetaFiles(string dir)
        {
            foreach (var entry in Directory.GetFileSystemEntries(dir))
            {
                if (Hidden(Path.GetFileName(entry))) continue;
                if (Directory.Exists(entry))
                {
                    foreach (var meta in MetaFiles(entry)) yield return meta;
                }
                else if (entry.EndsWith(".meta"))
                {
                    yield return entry;
                }
            }
        }

        private static string Relative(string root, string path)
        {
            return Path.GetRelativePath(root, path).Replace('\\', '/');
        }
    }
}
