using System.IO;
using AgentPanel.Core.Launch;
using AgentPanel.Core.Tests.Support;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Launch
{
    /// <summary>The version the panel reports is the package's own, read from its package.json.</summary>
    public class PackageManifestTests
    {
        [Test]
        public void TheReportedVersionIsTheOneInThePackagesPackageJson()
        {
            var package = RepoPaths.Package;
            var declared = (string)JObject.Parse(File.ReadAllText(Path.Combine(package, "package.json")))["version"];
            Assert.That(declared, Is.Not.Null.And.Not.Empty);
            Assert.That(PackageManifest.Version(package), Is.EqualTo(declared));
        }

        [Test]
        public void AMissingOrBrokenManifestGivesAnUnknownVersionNotACrash()
        {
            var dir = Path.Combine(Path.GetTempPath(), "ap-manifest-" + Path.GetRandomFileName());
            Directory.CreateDirectory(dir);
            try
            {
                Assert.That(PackageManifest.Version(dir), Is.EqualTo(PackageManifest.UnknownVersion));
                File.WriteAllText(Path.Combine(dir, "package.json"), "{ not json");
                Assert.That(PackageManifest.Version(dir), Is.EqualTo(PackageManifest.UnknownVersion));
                File.WriteAllText(Path.Combine(dir, "package.json"), "{\"version\":\"2.3.4\"}");
                Assert.That(PackageManifest.Version(dir), Is.EqualTo("2.3.4"));
            }
            finally
            {
                Directory.Delete(dir, true);
            }
        }
    }
}
