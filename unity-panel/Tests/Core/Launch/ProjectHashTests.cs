using System.Collections.Generic;
using AgentPanel.Core.Launch;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Launch
{
    /// <summary>The project key and descriptor location match the sidecar byte for byte (vectors copied from sidecar/test/bridge/descriptor.test.ts).</summary>
    public class ProjectHashTests
    {
        // [input, windows?, normalized root, hash]
        private static readonly object[] Vectors =
        {
            new object[] { "/home/dev/My Game", false, "/home/dev/My Game", "089fb72855a154b8" },
            new object[] { "/home/dev/My Game/", false, "/home/dev/My Game", "089fb72855a154b8" },
            new object[] { "/home/dev/x/../My Game", false, "/home/dev/My Game", "089fb72855a154b8" },
            new object[] { "/", false, "/", "8a5edab282632443" },
            new object[] { "/home/dev/Spiel ünï 🎮", false, "/home/dev/Spiel ünï 🎮", "16fc1fc08e1c3e22" },
            new object[] { "C:/Users/Dev/My Game", true, "c:\\Users\\Dev\\My Game", "9bd8ea1b1c692190" },
            new object[] { "C:\\Users\\Dev\\My Game\\", true, "c:\\Users\\Dev\\My Game", "9bd8ea1b1c692190" },
            new object[] { "c:\\Users\\Dev\\My Game", true, "c:\\Users\\Dev\\My Game", "9bd8ea1b1c692190" },
            new object[] { "D:\\", true, "d:\\", "1836262184c1d1a3" },
            new object[] { "\\\\server\\share\\Proj\\", true, "\\\\server\\share\\Proj", "02d936f404ce7fa5" },
        };

        [TestCaseSource(nameof(Vectors))]
        public void NormalizesAndHashesLikeTheSidecar(string input, bool windows, string normalized, string hash)
        {
            Assert.That(ProjectHash.Normalize(input, windows), Is.EqualTo(normalized));
            Assert.That(ProjectHash.Of(input, windows), Is.EqualTo(hash));
        }

        [Test]
        public void KeepsCaseApartFromTheDriveLetter()
        {
            Assert.That(ProjectHash.Of("C:\\Users\\Dev\\MY GAME", true), Is.Not.EqualTo("9bd8ea1b1c692190"));
            Assert.That(ProjectHash.Of("/home/dev/my game", false), Is.Not.EqualTo("089fb72855a154b8"));
        }

        [Test]
        public void MakesARelativeRootAbsoluteAgainstTheWorkingDirectory()
        {
            Assert.That(ProjectHash.Normalize("Game/", false, "/work"), Is.EqualTo("/work/Game"));
            Assert.That(ProjectHash.Normalize("Game", true, "E:\\Projects"), Is.EqualTo("e:\\Projects\\Game"));
            Assert.That(ProjectHash.Normalize("\\Game", true, "E:\\Projects"), Is.EqualTo("e:\\Game"));
        }

        [Test]
        public void ThePreferredPortIsInTheSidecarsRange()
        {
            var port = ProjectHash.PreferredPort("/home/dev/My Game", false);
            Assert.That(port, Is.InRange(27200, 27999));
            Assert.That(ProjectHash.PreferredPort("/home/dev/My Game/", false), Is.EqualTo(port));
        }

        [Test]
        public void DescriptorsLiveInLocalAppDataOnWindows()
        {
            var env = new Dictionary<string, string> { { "LOCALAPPDATA", "C:\\Users\\Dev\\AppData\\Local" } };
            var windows = new HostPlatform(HostOs.Windows, k => env.TryGetValue(k, out var v) ? v : null, "C:\\Users\\Dev");
            var location = DescriptorLocation.For("C:/Users/Dev/My Game", windows);
            Assert.That(location.Dir, Is.EqualTo("C:\\Users\\Dev\\AppData\\Local\\AgentPanel"));
            Assert.That(location.DescriptorFile, Is.EqualTo("C:\\Users\\Dev\\AppData\\Local\\AgentPanel\\9bd8ea1b1c692190.json"));
            Assert.That(location.TokenFile, Is.EqualTo("C:\\Users\\Dev\\AppData\\Local\\AgentPanel\\9bd8ea1b1c692190.token"));
            var noEnv = new HostPlatform(HostOs.Windows, _ => null, "C:\\Users\\Dev");
            Assert.That(DescriptorLocation.DirectoryFor(noEnv), Is.EqualTo("C:\\Users\\Dev\\AppData\\Local\\AgentPanel"));
        }

        [Test]
        public void DescriptorsLiveInXdgDataHomeOrLocalShareElsewhere()
        {
            HostPlatform Unix(HostOs os, string xdg, string home) => new HostPlatform(os, k => k == "XDG_DATA_HOME" ? xdg : null, home);
            Assert.That(DescriptorLocation.DirectoryFor(Unix(HostOs.Linux, null, "/home/dev")), Is.EqualTo("/home/dev/.local/share/AgentPanel"));
            Assert.That(DescriptorLocation.DirectoryFor(Unix(HostOs.MacOS, null, "/Users/dev")), Is.EqualTo("/Users/dev/.local/share/AgentPanel"));
            Assert.That(DescriptorLocation.DirectoryFor(Unix(HostOs.Linux, "/data", "/home/dev")), Is.EqualTo("/data/AgentPanel"));
            Assert.That(DescriptorLocation.DirectoryFor(Unix(HostOs.Linux, "relative", "/home/dev")), Is.EqualTo("/home/dev/.local/share/AgentPanel"));
            Assert.That(DescriptorLocation.For("/home/dev/My Game/", Unix(HostOs.Linux, null, "/home/dev")).DescriptorFile, Is.EqualTo("/home/dev/.local/share/AgentPanel/089fb72855a154b8.json"));
        }
    }
}
