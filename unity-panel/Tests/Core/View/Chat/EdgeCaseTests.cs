using System.Collections.Generic;
using System.Linq;
using System.Text;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.View;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>The chat view models on what tolerant DTOs and real sessions can hold: missing fields, wrong JSON types, CRLF, huge text.</summary>
    public class EdgeCaseTests
    {
        [Test]
        public void ClipTreatsCrLfAsOneBreakAndKeepsALoneCr()
        {
            Assert.That(ChatFormat.Clip("a\r\nb\r\nc", 2, 100), Is.EqualTo("a\nb\n… 1 more line"));
            Assert.That(ChatFormat.Clip("a\rb\nc", 5, 100), Is.EqualTo("a\rb\nc"));
            Assert.That(ChatFormat.Clip("a\n", 5, 100), Is.EqualTo("a\n"), "a trailing break keeps its empty last line");
        }

        [Test]
        public void ClipOfAHugeResultKeepsTheFirstLinesAndCountsTheRest()
        {
            var text = new StringBuilder();
            for (var i = 0; i < 100000; i++) text.Append("line ").Append(i).Append("\r\n");
            var clipped = ChatFormat.Clip(text.ToString(), ToolLine.MaxLines, ToolLine.MaxChars);
            var lines = clipped.Split('\n');
            Assert.That(lines.Length, Is.EqualTo(ToolLine.MaxLines + 1));
            Assert.That(lines[0], Is.EqualTo("line 0"));
            Assert.That(lines[ToolLine.MaxLines - 1], Is.EqualTo("line " + (ToolLine.MaxLines - 1)));
            Assert.That(lines.Last(), Is.EqualTo("… " + (100001 - ToolLine.MaxLines) + " more lines"));
        }

        [Test]
        public void ClipNeverSplitsASurrogatePair()
        {
            var clipped = ChatFormat.Clip("ab😀cd", 1, 3);
            Assert.That(clipped, Does.StartWith("ab\n… 4 more characters"), "the emoji is two chars: cutting between them would leave half a character");
        }

        [Test]
        public void ANoticeWithoutCodeOrMessageStillSaysSomething()
        {
            var info = NoticePresenter.Of(new NoticeCard("n1"));
            Assert.That(info.Placement, Is.EqualTo(NoticePlacement.Inline));
            Assert.That(info.Level, Is.EqualTo("info"));
            Assert.That(info.Text, Is.Not.Null.And.Not.Empty);

            var error = NoticePresenter.Of(new NoticeCard("n2") { Level = "error" });
            Assert.That(error.Placement, Is.EqualTo(NoticePlacement.Banner));
            Assert.That(error.Text, Does.Contain("sidecar log"));

            Assert.That(NoticePresenter.Of(new NoticeCard("n3") { Code = "chat_failed", Level = "error" }).Text, Is.EqualTo("chat_failed"));
        }

        [Test]
        public void AFailedTurnWithoutSubtypeHasNoEmptyParentheses()
        {
            var line = TurnResultLine.Of(Ev.Result("t", false, subtype: null));
            Assert.That(line.Outcome, Is.EqualTo(TurnOutcome.Failed));
            Assert.That(line.Text, Does.StartWith("Failed · "));
        }

        [Test]
        public void ASubagentWithAnEmptyDescriptionIsTitledByItsToolCall()
        {
            var card = new SubagentCard("task1") { Description = "", Tool = new ToolCard("u1") { Summary = "Find usages" } };
            Assert.That(SubagentLine.Of(card).Title, Is.EqualTo("Find usages"));
            Assert.That(SubagentLine.Of(new SubagentCard("task2") { Description = " " }).Title, Is.EqualTo("task2"));
        }

        [Test]
        public void AnEditWithNonStringFieldsStillShowsWhatItCan()
        {
            var edit = JObject.Parse("{\"old_string\":{\"x\":1},\"new_string\":\"jump = 12f;\"}");
            Assert.That(EditDiff.Of("Edit", edit).Select(d => d.ToString()), Is.EqualTo(new[] { "+ jump = 12f;" }));

            var multi = JObject.Parse("{\"edits\":[{\"old_string\":\"a\",\"new_string\":[1,2]},7]}");
            Assert.That(EditDiff.Of("MultiEdit", multi).Select(d => d.ToString()), Is.EqualTo(new[] { "@@ edit 1 of 2 @@", "- a" }));

            Assert.That(EditDiff.Of("Write", JObject.Parse("{\"content\":null}")), Is.Empty);
        }

        [Test]
        public void MalformedSuggestionsDoNotBreakThePermissionPrompt()
        {
            var request = Ev.Ask("t", "r1");
            request.Suggestions = new List<JObject>
            {
                JObject.Parse("{\"type\":{\"odd\":true},\"destination\":[1]}"),
                JObject.Parse("{\"type\":\"addDirectories\",\"directories\":[\"/p/Assets\",{\"path\":\"x\"},null],\"destination\":\"session\"}"),
                JObject.Parse("{\"type\":\"addRules\",\"rules\":[{\"toolName\":5,\"ruleContent\":{}}],\"behavior\":[]}"),
                null,
            };
            var prompt = PermissionPrompt.Of(new PermissionCard("r1") { Request = request });
            var texts = prompt.Always.Select(a => a.Text).ToList();
            Assert.That(texts[1], Is.EqualTo("Allow access to /p/Assets for this session"));
            Assert.That(texts[2], Is.EqualTo("Always allow tool"));
            Assert.That(texts.Last(), Is.EqualTo("All of the above"));
        }
    }
}
