using System.Linq;
using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>TextChunks: long text cut into pieces one UI Toolkit text element can draw.</summary>
    public class TextChunksTests
    {
        private static string Lines(int count, int width)
        {
            return string.Join("\n", Enumerable.Range(0, count).Select(i => (i % 10).ToString()[0] + new string('x', width - 1)));
        }

        [Test]
        public void EmptyAndNullTextAreOneEmptyPiece()
        {
            Assert.That(TextChunks.Split(""), Is.EqualTo(new[] { "" }));
            Assert.That(TextChunks.Split(null), Is.EqualTo(new[] { "" }));
        }

        [Test]
        public void TextThatFitsIsOnePieceEvenAtExactlyTheLimit()
        {
            var text = new string('a', 100);
            Assert.That(TextChunks.Split(text, 100), Is.EqualTo(new[] { text }));
            Assert.That(TextChunks.Split(text + "b", 100).Count, Is.EqualTo(2));
            Assert.That(TextChunks.Split(new string('a', TextChunks.DefaultMax)).Count, Is.EqualTo(1), "the default limit is 6,000 characters");
        }

        [Test]
        public void ManyLinesAreCutAtLineBreaksAndJoinBackWithNewlines()
        {
            var text = Lines(50, 30); // 50 lines of 30 chars + 49 breaks = 1549 chars
            var chunks = TextChunks.Split(text, 200);
            Assert.That(chunks.Count, Is.GreaterThan(7));
            Assert.That(chunks.All(c => c.Length <= 200), Is.True);
            Assert.That(string.Join("\n", chunks), Is.EqualTo(text), "only the break at each cut is dropped");
            Assert.That(chunks.All(c => c.Length % 31 == 30), Is.True, "every piece holds whole lines");
        }

        [Test]
        public void ALineBreakRightAtTheLimitIsUsed()
        {
            var text = new string('a', 100) + "\n" + new string('b', 50);
            Assert.That(TextChunks.Split(text, 100), Is.EqualTo(new[] { new string('a', 100), new string('b', 50) }));
        }

        [Test]
        public void ABlankLineAtACutIsKept()
        {
            var text = new string('a', 60) + "\n\n" + new string('b', 60);
            var chunks = TextChunks.Split(text, 100);
            Assert.That(chunks, Is.EqualTo(new[] { new string('a', 60) + "\n", new string('b', 60) }), "cut at the last break: the blank line ends the first piece");
            Assert.That(string.Join("\n", chunks), Is.EqualTo(text));
        }

        [Test]
        public void ABreakAtTheStartOfAPieceIsNotACut()
        {
            var text = new string('a', 100) + "\n\n" + new string('b', 150);
            var chunks = TextChunks.Split(text, 100);
            Assert.That(chunks, Is.EqualTo(new[] { new string('a', 100), "\n" + new string('b', 99), new string('b', 51) }), "no empty piece: the blank line leads the next one");
        }

        [Test]
        public void OneHugeLineIsCutAtTheLimitAndConcatenatesBack()
        {
            var text = new string('z', 1050);
            var chunks = TextChunks.Split(text, 100);
            Assert.That(chunks.Count, Is.EqualTo(11));
            Assert.That(chunks.Take(10).All(c => c.Length == 100), Is.True);
            Assert.That(string.Concat(chunks), Is.EqualTo(text));
        }

        [Test]
        public void AHugeLineWithSpacesIsCutAfterASpaceNearTheLimit()
        {
            var text = string.Join(" ", Enumerable.Repeat("word", 100)); // spaces every 5 chars
            var chunks = TextChunks.Split(text, 102);
            Assert.That(chunks[0], Does.EndWith("word "));
            Assert.That(chunks[0].Length, Is.EqualTo(100));
            Assert.That(string.Concat(chunks), Is.EqualTo(text));
        }

        [Test]
        public void ALongLineAfterShortOnesIsStillCut()
        {
            var text = "short\n" + new string('q', 250);
            var chunks = TextChunks.Split(text, 100);
            Assert.That(chunks[0], Is.EqualTo("short"));
            Assert.That(chunks.All(c => c.Length <= 100), Is.True);
            Assert.That(string.Concat(chunks.Skip(1)), Is.EqualTo(new string('q', 250)));
        }

        [Test]
        public void ASurrogatePairIsNeverSplit()
        {
            var emoji = "\U0001F600"; // two UTF-16 units
            var text = new string('a', 99) + emoji + new string('b', 50);
            var chunks = TextChunks.Split(text, 100);
            Assert.That(chunks[0], Is.EqualTo(new string('a', 99)), "the pair moves whole to the next piece");
            Assert.That(chunks[1], Does.StartWith(emoji));
            foreach (var chunk in chunks)
            {
                Assert.That(char.IsHighSurrogate(chunk[chunk.Length - 1]), Is.False);
                Assert.That(char.IsLowSurrogate(chunk[0]), Is.False);
            }
        }

        [Test]
        public void PlainTextIgnoresAngleBrackets()
        {
            var text = new string('a', 95) + "<b>" + new string('c', 50);
            Assert.That(TextChunks.Split(text, 100)[0].Length, Is.EqualTo(100), "code and tool output are not rich text: no tag handling");
        }

        [Test]
        public void RichTextIsNeverCutInsideATag()
        {
            var text = new string('a', 90) + "<link=\"asset:Assets/A.cs\">" + new string('c', 50) + "</link>";
            var chunks = TextChunks.Split(text, 100, rich: true);
            Assert.That(chunks[0], Is.EqualTo(new string('a', 90)));
            Assert.That(chunks[1], Does.StartWith("<link=\"asset:Assets/A.cs\">c"));
            foreach (var chunk in chunks) AssertWholeTags(chunk);
        }

        [Test]
        public void RichStylesOpenAtACutAreClosedAndReopened()
        {
            var text = "<b>" + new string('x', 150) + "</b> and <i>" + new string('y', 120) + "</i>";
            var chunks = TextChunks.Split(text, 100, rich: true);
            Assert.That(chunks[0], Is.EqualTo("<b>" + new string('x', 97) + "</b>"));
            Assert.That(chunks[1], Does.StartWith("<b>xxx"));
            Assert.That(chunks.Last(), Does.EndWith("y</i>"));
            foreach (var chunk in chunks)
            {
                AssertWholeTags(chunk);
                Assert.That(Count(chunk, "<b>"), Is.EqualTo(Count(chunk, "</b>")), chunk);
                Assert.That(Count(chunk, "<i>"), Is.EqualTo(Count(chunk, "</i>")), chunk);
            }
        }

        [Test]
        public void AnEscapedAngleBracketIsNotATag()
        {
            // The sidecar writes a literal "<" as "<" + U+200B: a cut may fall right after it.
            var escaped = "<\u200Bb>";
            var text = new string('a', 98) + escaped + new string('d', 50);
            var chunks = TextChunks.Split(text, 100, rich: true);
            Assert.That(chunks[0], Is.EqualTo(new string('a', 98) + "<\u200B"));
            Assert.That(string.Concat(chunks), Is.EqualTo(text), "nothing is carried for text that is not a tag");
        }

        [Test]
        public void NestedStylesAreReopenedInOrder()
        {
            var text = "<b><mark=#8080803A>" + new string('m', 200) + "</mark></b>";
            var chunks = TextChunks.Split(text, 100, rich: true);
            Assert.That(chunks[0], Does.EndWith("</mark></b>"));
            Assert.That(chunks[1], Does.StartWith("<b><mark=#8080803A>m"));
        }

        private static void AssertWholeTags(string chunk)
        {
            for (var i = 0; i < chunk.Length; i++)
            {
                if (chunk[i] != '<' || (i + 1 < chunk.Length && chunk[i + 1] == '\u200B')) continue;
                Assert.That(chunk.IndexOf('>', i), Is.GreaterThan(i), "tag cut open in: " + chunk);
            }
        }

        private static int Count(string text, string part)
        {
            var n = 0;
            for (var i = text.IndexOf(part, System.StringComparison.Ordinal); i >= 0; i = text.IndexOf(part, i + 1, System.StringComparison.Ordinal)) n++;
            return n;
        }
    }
}
