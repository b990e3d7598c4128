using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>PermissionLine: what a tool card says about its permission once the request folded into it.</summary>
    public class PermissionLineTests
    {
        private static ToolCard Folded(string outcome, string detail, string by)
        {
            var tool = new ToolCard("tu-1") { Name = "Bash", Status = ToolStatus.Succeeded };
            tool.Permission = new PermissionCard("r1") { Outcome = outcome, Detail = detail, By = by, FoldedInto = tool };
            return tool;
        }

        [Test]
        public void AFoldedAnswerSaysAllowedOrDeniedAndByWhomInTheHeader()
        {
            var allowed = ToolLine.Of(Folded("allowed", "allow_always", Deciders.User), false);
            Assert.That(allowed.PermissionTag, Is.EqualTo("Allowed by you"));
            Assert.That(allowed.Decision, Is.EqualTo("Allowed by you — always, from now on"));
            Assert.That(allowed.PermissionOutcome, Is.EqualTo("allowed"));
            var denied = ToolLine.Of(Folded("denied", "deny_stop", Deciders.User), false);
            Assert.That(denied.PermissionTag, Is.EqualTo("Denied by you"));
            Assert.That(denied.Decision, Is.EqualTo("Denied by you — and the turn stopped"));
        }

        [Test]
        public void ACancelledRequestSaysWhyWithoutNamingADecider()
        {
            var line = ToolLine.Of(Folded("cancelled", "withdrawn by claude", Deciders.Claude), false);
            Assert.That(line.PermissionTag, Is.EqualTo("Cancelled"));
            Assert.That(line.Decision, Is.EqualTo("Cancelled — withdrawn by claude"));
        }

        [Test]
        public void ACallNobodyWasAskedAboutShowsWhoDecidedOnlyWhenExpandedUnlessDenied()
        {
            var readOnly = new ToolCard("tu-2") { Name = "scene_list", Decision = "accept", DecidedBy = Deciders.ReadOnlySetting };
            var line = ToolLine.Of(readOnly, false);
            Assert.That(line.Decision, Is.EqualTo("Allowed by the read-only setting"));
            Assert.That(line.PermissionTag, Is.Null, "nothing asked: the header stays quiet");
            var rule = ToolLine.Of(new ToolCard("tu-3") { Name = "Write", Decision = "reject", DecidedBy = Deciders.Rule, Status = ToolStatus.Failed }, false);
            Assert.That(rule.Decision, Is.EqualTo("Denied by a rule"));
            Assert.That(rule.PermissionTag, Is.EqualTo("Denied by a rule"), "a denial is worth the header");
            Assert.That(ToolLine.Of(new ToolCard("tu-4") { Name = "Read" }, false).Decision, Is.Null);
            Assert.That(ToolLine.Of(new ToolCard("tu-5") { Name = "Read", Decision = "accept" }, false).Decision, Is.EqualTo("Allowed"), "history has no decider");
        }

        [Test]
        public void ACallTheUserAnsweredSaysSoInItsHeaderWithoutAFoldedRequest()
        {
            // A restored session has no permission events: the tool's own record says the user allowed it.
            var line = ToolLine.Of(new ToolCard("tu-6") { Name = "Bash", Decision = "accept", DecidedBy = Deciders.User }, false);
            Assert.That(line.PermissionTag, Is.EqualTo("Allowed by you"));
            Assert.That(line.Decision, Is.EqualTo("Allowed by you"));
        }

        [Test]
        public void DecidersReadAsWords()
        {
            Assert.That(PermissionLine.Who(Deciders.User), Is.EqualTo("you"));
            Assert.That(PermissionLine.Who(Deciders.Rule), Is.EqualTo("a rule"));
            Assert.That(PermissionLine.Who(Deciders.ReadOnlySetting), Is.EqualTo("the read-only setting"));
            Assert.That(PermissionLine.Who(Deciders.Sidecar), Is.EqualTo("Agent Panel"));
            Assert.That(PermissionLine.Settled("allowed", "allow", null), Is.EqualTo("Allowed"), "an older sidecar says no decider");
        }

        [Test]
        public void TheCardShowsThePathOnceWhenTheSummaryNamesIt()
        {
            Assert.That(ChatFormat.PathShownIn("Assets/Scripts/A.cs", "/home/dev/Game/Assets/Scripts/A.cs"), Is.True);
            Assert.That(ChatFormat.PathShownIn("echo one > par1.txt", "/home/dev/Game/par1.txt"), Is.True);
            Assert.That(ChatFormat.PathShownIn("rm -rf Library", "/home/dev/Game/Temp/x"), Is.False);
            Assert.That(ChatFormat.PathShownIn("", "/x"), Is.False);
            var write = new PermissionRequestedEvent { RequestId = "r", ToolName = "Write", Summary = "Write: Assets/A.cs", BlockedPath = "/p/Assets/A.cs" };
            Assert.That(PermissionPrompt.Of(new PermissionCard("r") { Request = write }).BlockedPath, Is.Null);
            write.Description = "Assets/A.cs";
            Assert.That(PermissionPrompt.Of(new PermissionCard("r") { Request = write }).Description, Is.Null, "claude's description of a Write names the same file");
            var bash = new PermissionRequestedEvent { RequestId = "r", ToolName = "Bash", Summary = "Bash: ./build.sh", BlockedPath = "/p/out/log.txt" };
            Assert.That(PermissionPrompt.Of(new PermissionCard("r") { Request = bash }).BlockedPath, Is.EqualTo("Path: /p/out/log.txt"));
        }
    }
}
