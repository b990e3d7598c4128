using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.View;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>PermissionPrompt: what a permission card shows and which answers it builds.</summary>
    public class PermissionPromptTests
    {
        private static PermissionCard Card(PermissionRequestedEvent request)
        {
            return new PermissionCard(request.RequestId) { Request = request };
        }

        [Test]
        public void ASidecarToolShowsItsTitleTheDestructiveNoticeAndItsDryRun()
        {
            var request = Ev.Ask("t", "r9");
            request.ToolName = "mcp__agent-panel__gameobject_delete";
            request.Summary = "Delete GameObject: path=Level/Bat";
            request.AgentTool = new AgentToolFacts { Name = "gameobject_delete", Title = "Delete GameObject", Destructive = true };
            request.DryRun = new ToolResult { Ok = true, Content = new List<ToolContent> { ToolContent.OfText("Would delete Level/Bat"), ToolContent.OfImage("iVBORw0KGgo=", "image/png") } };
            var prompt = PermissionPrompt.Of(Card(request));
            Assert.That(prompt.Title, Is.EqualTo("Allow Delete GameObject?"));
            Assert.That(prompt.Summary, Is.EqualTo("path=Level/Bat"));
            Assert.That(prompt.Destructive, Does.StartWith("Destructive"));
            Assert.That(prompt.DryRun, Is.EqualTo("Would delete Level/Bat"));
            Assert.That(prompt.DryRunImages.Select(i => i.MimeType), Is.EqualTo(new[] { "image/png" }));
            var plain = PermissionPrompt.Of(Card(Ev.Ask("t", "r10")));
            Assert.That(plain.Destructive, Is.Null);
            Assert.That(plain.DryRun, Is.Null);
        }

        [Test]
        public void ABashRequestShowsTitleSummaryAndTheSuggestedScopeInWords()
        {
            var request = Ev.Ask("t", "r1");
            request.Summary = "Bash: npm test";
            request.Description = "Run the tests";
            request.Suggestions = new List<JObject>
            {
                JObject.Parse("{\"type\":\"addRules\",\"rules\":[{\"toolName\":\"Bash\",\"ruleContent\":\"npm test:*\"}],\"behavior\":\"allow\",\"destination\":\"localSettings\"}"),
            };
            var prompt = PermissionPrompt.Of(Card(request));
            Assert.That(prompt.Title, Is.EqualTo("Allow Bash?"));
            Assert.That(prompt.Summary, Is.EqualTo("npm test"));
            Assert.That(prompt.Description, Is.EqualTo("Run the tests"));
            Assert.That(prompt.Diff, Is.Null, "Bash is not a file edit");
            Assert.That(prompt.Pending, Is.True);
            Assert.That(prompt.Always.Select(a => a.Text), Is.EqualTo(new[] { "Always allow Bash(npm test:*) in this project (local settings)" }));
            Assert.That(prompt.Always[0].Indexes, Is.EqualTo(new[] { 0 }));
        }

        [Test]
        public void SeveralSuggestionsAddAllOfTheAbove()
        {
            var request = Ev.Ask("t", "r1");
            request.Suggestions = new List<JObject>
            {
                JObject.Parse("{\"type\":\"addDirectories\",\"directories\":[\"/p/Assets\"],\"destination\":\"session\"}"),
                JObject.Parse("{\"type\":\"setMode\",\"mode\":\"acceptEdits\",\"destination\":\"session\"}"),
            };
            var always = PermissionPrompt.Of(Card(request)).Always;
            Assert.That(always.Select(a => a.Text), Is.EqualTo(new[] { "Allow access to /p/Assets for this session", "Switch to “Accept edits” mode for this session", "All of the above" }));
            Assert.That(always[2].Indexes, Is.Null, "null = every suggestion");
        }

        [Test]
        public void NoSuggestionsMeansNoAlwaysChoices()
        {
            var request = Ev.Ask("t", "r1");
            request.Suggestions = new List<JObject>();
            Assert.That(PermissionPrompt.Of(Card(request)).Always, Is.Empty);
        }

        [TestCase("{\"type\":\"addRules\",\"rules\":[{\"toolName\":\"Read\"}],\"behavior\":\"deny\",\"destination\":\"userSettings\"}", "Always deny Read in all projects")]
        [TestCase("{\"type\":\"replaceRules\",\"rules\":[],\"behavior\":\"ask\",\"destination\":\"projectSettings\"}", "Always ask for this tool in this project (shared settings)")]
        [TestCase("{\"type\":\"somethingNew\",\"destination\":\"cliArg\"}", "somethingNew (cliArg)")]
        public void SuggestionsReadLikeTheBrowserPanel(string json, string expected)
        {
            Assert.That(SuggestionText.Describe(JObject.Parse(json)), Is.EqualTo(expected));
        }

        [Test]
        public void AnEditRequestShowsTheChangeAsADiff()
        {
            var request = Ev.Ask("t", "r1", "Edit");
            request.Input = new JObject { ["file_path"] = "Assets/A.cs", ["old_string"] = "a\nb\nc", ["new_string"] = "a\nB\nc" };
            var diff = PermissionPrompt.Of(Card(request)).Diff;
            Assert.That(diff.Select(d => d.ToString()), Is.EqualTo(new[] { "  a", "- b", "+ B", "  c" }));
        }

        [Test]
        public void AWriteRequestIsAllAdded()
        {
            var request = Ev.Ask("t", "r1", "Write");
            request.Input = new JObject { ["file_path"] = "Assets/New.cs", ["content"] = "class A {}\n// end\n" };
            var diff = PermissionPrompt.Of(Card(request)).Diff;
            Assert.That(diff.Select(d => d.Kind), Is.EqualTo(new[] { DiffKind.Added, DiffKind.Added }));
            Assert.That(diff.Select(d => d.Text), Is.EqualTo(new[] { "class A {}", "// end" }));
        }

        [Test]
        public void DenyNeedsAReasonAndDenyAndStopDoesNot()
        {
            Assert.That(PermissionPrompt.Deny("   ", out var error), Is.Null);
            Assert.That(error, Is.EqualTo(PermissionPrompt.ReasonRequired));
            var deny = PermissionPrompt.Deny(" use git clean ", out error);
            Assert.That(error, Is.Null);
            Assert.That(deny.Kind, Is.EqualTo("deny"));
            Assert.That(deny.Message, Is.EqualTo("use git clean"));
            var stop = PermissionPrompt.DenyAndStop("");
            Assert.That(stop.Kind, Is.EqualTo("deny_stop"));
            Assert.That(stop.Message, Is.Null);
        }

        [Test]
        public void AResolvedCardSaysHowItEnded()
        {
            var card = Card(Ev.Ask("t", "r1"));
            card.Outcome = PermissionResolvedEvent.Allowed;
            card.Detail = "allow_always";
            var prompt = PermissionPrompt.Of(card);
            Assert.That(prompt.Pending, Is.False);
            Assert.That(prompt.Outcome, Is.EqualTo("Allowed — always, from now on"));
            Assert.That(PermissionPrompt.OutcomeText("denied", "deny"), Is.EqualTo("Denied"));
            Assert.That(PermissionPrompt.OutcomeText("cancelled", "claude exited"), Is.EqualTo("Cancelled — claude exited"));
        }

        [Test]
        public void SendErrorsSayWhatToDo()
        {
            Assert.That(PermissionPrompt.SendError("already_answered", "This permission request was already resolved (allowed) from another window; nothing more to do."), Does.Contain("nothing more to do"));
            Assert.That(PermissionPrompt.SendError("not_connected", "x"), Does.Contain("wait until it reconnects"));
            Assert.That(PermissionPrompt.SendError("weird", null), Does.Contain("try again"));
        }

        [Test]
        public void AQuestionRequestShowsItsQuestionsAndNoAlwaysChoices()
        {
            var request = Ev.Ask("t", "q1", "AskUserQuestion", true);
            request.Input = JObject.Parse("{\"questions\":[{\"question\":\"Which engine?\",\"header\":\"Engine\",\"options\":[{\"label\":\"URP\",\"description\":\"Universal\"},{\"label\":\"HDRP\"}],\"multiSelect\":false},{\"bad\":1}]}");
            var prompt = PermissionPrompt.Of(Card(request));
            Assert.That(prompt.Title, Is.EqualTo("Claude has a question"));
            Assert.That(prompt.Always, Is.Empty);
            Assert.That(prompt.Questions.Count, Is.EqualTo(1), "malformed entries are skipped");
            Assert.That(prompt.Questions[0].Header, Is.EqualTo("Engine"));
            Assert.That(prompt.Questions[0].Options.Select(o => o.Label), Is.EqualTo(new[] { "URP", "HDRP" }));
            Assert.That(prompt.Questions[0].Options[0].Description, Is.EqualTo("Universal"));
        }
    }
}
