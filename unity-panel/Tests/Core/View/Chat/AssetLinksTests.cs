using System.Linq;
using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>AssetLinks finds project paths in plain text and reads the sidecar's link ids.</summary>
    public class AssetLinksTests
    {
        [Test]
        public void PathsWithLinesAreFoundAndSentencePunctuationIsLeftOut()
        {
            var links = AssetLinks.Find("See Assets/Scripts/Player.cs:42, and Packages/com.foo/Bar.asset.");
            Assert.That(links.Select(l => l.Path), Is.EqualTo(new[] { "Assets/Scripts/Player.cs", "Packages/com.foo/Bar.asset" }));
            Assert.That(links[0].Line, Is.EqualTo(42));
            Assert.That(links[0].Start, Is.EqualTo(4));
            Assert.That(links[0].Length, Is.EqualTo("Assets/Scripts/Player.cs:42".Length));
            Assert.That(links[1].Line, Is.EqualTo(0));
        }

        [Test]
        public void PathsInsideOtherPathsOrEscapingTheProjectAreIgnored()
        {
            Assert.That(AssetLinks.Find("/home/me/Assets/A.cs"), Is.Empty);
            Assert.That(AssetLinks.Find("MyAssets/A.cs"), Is.Empty);
            Assert.That(AssetLinks.Find("Assets/../secret.txt"), Is.Empty);
            Assert.That(AssetLinks.Find("Assets/"), Is.Empty);
            Assert.That(AssetLinks.Find("(Assets/A.cs)").Single().Path, Is.EqualTo("Assets/A.cs"));
        }

        [Test]
        public void LinkIdsFromTheSidecarAreReadAsAssetOrWebTargets()
        {
            var asset = AssetLinks.Parse("asset:Assets/My Folder/Icon.png:7");
            Assert.That(asset.Kind, Is.EqualTo(LinkKind.Asset));
            Assert.That(asset.Path, Is.EqualTo("Assets/My Folder/Icon.png"));
            Assert.That(asset.Line, Is.EqualTo(7));
            Assert.That(AssetLinks.Parse("asset:Assets/A.cs").Line, Is.EqualTo(0));
            Assert.That(AssetLinks.Parse("https://unity.com").Kind, Is.EqualTo(LinkKind.Web));
            Assert.That(AssetLinks.Parse("asset:/etc/passwd").Kind, Is.EqualTo(LinkKind.None));
            Assert.That(AssetLinks.Parse("javascript:alert(1)").Kind, Is.EqualTo(LinkKind.None));
        }
    }
}
