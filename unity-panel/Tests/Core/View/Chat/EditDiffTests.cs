using System.Linq;
using AgentPanel.Core.View;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>EditDiff: file edits become short unified-style diffs.</summary>
    public class EditDiffTests
    {
        [Test]
        public void LongUnchangedRunsCollapseAroundTheChange()
        {
            var before = string.Join("\n", Enumerable.Range(1, 20).Select(i => "line " + i));
            var after = before.Replace("line 10", "LINE TEN");
            var diff = EditDiff.Lines(before, after).Select(d => d.ToString()).ToList();
            Assert.That(diff, Is.EqualTo(new[] { "… 7 unchanged lines", "  line 8", "  line 9", "- line 10", "+ LINE TEN", "  line 11", "  line 12", "… 8 unchanged lines" }));
        }

        [Test]
        public void InsertionsInTheMiddleKeepTheCommonLines()
        {
            var diff = EditDiff.Lines("a\nb\nc\nd", "a\nx\nb\nc\ny\nd").Select(d => d.ToString());
            Assert.That(diff, Is.EqualTo(new[] { "  a", "+ x", "  b", "  c", "+ y", "  d" }));
        }

        [Test]
        public void MultiEditNumbersItsEdits()
        {
            var input = JObject.Parse("{\"file_path\":\"Assets/A.cs\",\"edits\":[{\"old_string\":\"a\",\"new_string\":\"b\"},{\"old_string\":\"c\",\"new_string\":\"\"}]}");
            var diff = EditDiff.Of("MultiEdit", input).Select(d => d.ToString());
            Assert.That(diff, Is.EqualTo(new[] { "@@ edit 1 of 2 @@", "- a", "+ b", "@@ edit 2 of 2 @@", "- c" }));
        }

        [Test]
        public void AVeryLongWriteIsCapped()
        {
            var input = new JObject { ["content"] = string.Join("\n", Enumerable.Range(0, EditDiff.MaxLines + 50)) };
            var diff = EditDiff.Of("Write", input);
            Assert.That(diff.Count, Is.EqualTo(EditDiff.MaxLines + 1));
            Assert.That(diff.Last().ToString(), Is.EqualTo("… 50 more lines"));
        }

        [Test]
        public void OtherToolsHaveNoDiff()
        {
            Assert.That(EditDiff.Of("Bash", new JObject { ["command"] = "ls" }), Is.Null);
        }
    }
}
