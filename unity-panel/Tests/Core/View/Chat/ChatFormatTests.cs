using AgentPanel.Core.View;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>ChatFormat words durations, tokens and previews like the browser panel.</summary>
    public class ChatFormatTests
    {
        [TestCase(850, "850 ms")]
        [TestCase(1234, "1.2 s")]
        [TestCase(42000, "42 s")]
        [TestCase(125000, "2 min 5 s")]
        [TestCase(120000, "2 min")]
        [TestCase(119800, "2 min")]
        [TestCase(-1, "")]
        public void DurationsReadLikeTheBrowserPanel(double ms, string expected)
        {
            Assert.That(ChatFormat.Duration(ms), Is.EqualTo(expected));
        }

        [TestCase(950, "950")]
        [TestCase(5300, "5.3k")]
        [TestCase(5000, "5k")]
        [TestCase(200000, "200k")]
        [TestCase(1200000, "1.2M")]
        public void TokenCountsAreShort(long n, string expected)
        {
            Assert.That(ChatFormat.Tokens(n), Is.EqualTo(expected));
        }

        [Test]
        public void CostsKeepFourDecimalsBelowOneDollar()
        {
            Assert.That(ChatFormat.Cost(0.0226), Is.EqualTo("$0.0226"));
            Assert.That(ChatFormat.Cost(1.234), Is.EqualTo("$1.23"));
        }

        [Test]
        public void ShortSummaryDropsTheToolNamePrefix()
        {
            Assert.That(ChatFormat.ShortSummary("Bash", "Bash: npm test"), Is.EqualTo("npm test"));
            Assert.That(ChatFormat.ShortSummary("Bash", "Bash"), Is.EqualTo(""));
            Assert.That(ChatFormat.ShortSummary("Read", "Assets/A.cs"), Is.EqualTo("Assets/A.cs"));
        }

        [Test]
        public void ClipKeepsTheFirstLinesAndSaysHowManyMore()
        {
            var text = string.Join("\n", new[] { "1", "2", "3", "4", "5" });
            Assert.That(ChatFormat.Clip(text, 3, 1000), Is.EqualTo("1\n2\n3\n… 2 more lines"));
            Assert.That(ChatFormat.Clip(text, 10, 1000), Is.EqualTo(text));
            Assert.That(ChatFormat.Clip("1\n2", 1, 1000), Is.EqualTo("1\n… 1 more line"));
        }

        [Test]
        public void ClipCutsOneHugeLineByCharacters()
        {
            var clipped = ChatFormat.Clip(new string('x', 50) + "\nnext", 10, 20);
            Assert.That(clipped, Is.EqualTo(new string('x', 20) + "\n… 30 more characters and 1 more line"));
        }

        [Test]
        public void JsonIsIndentedAndStringsStayPlain()
        {
            Assert.That(ChatFormat.Json(new JObject { ["a"] = 1 }), Does.Contain("\"a\": 1").And.Contain("\n"));
            Assert.That(ChatFormat.Json(new JValue("plain")), Is.EqualTo("plain"));
            Assert.That(ChatFormat.Json(null), Is.EqualTo(""));
        }
    }
}
