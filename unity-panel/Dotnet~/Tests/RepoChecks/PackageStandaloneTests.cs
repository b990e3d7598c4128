using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using AgentPanel.Core.Tests.Support;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.RepoChecks
{
    /// <summary>Installing by Git URL with ?path=unity-panel brings only the package folder: its manifest, docs and links must stand alone.</summary>
    public class PackageStandaloneTests
    {
        private static JObject Manifest => JObject.Parse(File.ReadAllText(Path.Combine(RepoPaths.Package, "package.json")));

        [Test]
        public void TheManifestDeclaresEveryPackageAndModuleTheCodeUses()
        {
            var deps = (JObject)Manifest["dependencies"];
            Assert.That(deps, Is.Not.Null, "package.json has no dependencies object");
            Assert.That(deps.Properties().Select(p => p.Name), Is.SupersetOf(new[]
            {
                "com.unity.nuget.newtonsoft-json", // Newtonsoft.Json in Core and the Editor layer
                "com.unity.modules.uielements",    // the window is UI Toolkit
            }));
        }

        [Test]
        public void PackageManagerFindsTheGuideChangelogAndLicenseInsideThePackage()
        {
            // With no documentationUrl/changelogUrl/licensesUrl, Package Manager opens Documentation~/index.md,
            // CHANGELOG.md and LICENSE.md from the package folder; a URL, when set, must be absolute https.
            var root = RepoPaths.Package;
            Assert.That(File.Exists(Path.Combine(root, "Documentation~", "index.md")), Is.True, "Documentation~/index.md is missing");
            Assert.That(File.Exists(Path.Combine(root, "CHANGELOG.md")), Is.True, "CHANGELOG.md is missing");
            Assert.That(File.Exists(Path.Combine(root, "LICENSE.md")), Is.True, "LICENSE.md is missing");
            foreach (var key in new[] { "documentationUrl", "changelogUrl", "licensesUrl" })
            {
                var url = (string)Manifest[key];
                if (url != null) Assert.That(url, Does.StartWith("https://").And.Not.Contain("<"), key + " must be a real https URL or absent");
            }
        }

        [Test]
        public void EveryRelativeLinkInThePackagesDocsResolvesInsideThePackage()
        {
            var root = Path.GetFullPath(RepoPaths.Package);
            var docs = new[] { Path.Combine(root, "README.md") }
                .Concat(Directory.GetFiles(Path.Combine(root, "Documentation~"), "*.md", SearchOption.AllDirectories));
            var problems = new List<string>();
            foreach (var doc in docs)
            {
                foreach (Match m in Regex.Matches(File.ReadAllText(doc), @"\]\(([^)\s#]+)(#[^)]*)?\)"))
                {
                    var target = m.Groups[1].Value;
                    if (Regex.IsMatch(target, "^[a-z]+:")) continue; // https:, mailto:
                    var full = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(doc), target));
                    var rel = Path.GetRelativePath(root, doc);
                    if (!full.StartsWith(root + Path.DirectorySeparatorChar)) problems.Add($"{rel}: {target} points outside the package");
                    else if (!File.Exists(full) && !Directory.Exists(full)) problems.Add($"{rel}: {target} does not exist");
                }
            }
            Assert.That(problems, Is.Empty);
        }
    }
}
