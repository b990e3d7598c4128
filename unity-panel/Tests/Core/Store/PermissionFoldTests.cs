using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Store
{
    /// <summary>A settled permission request folds into its tool's card instead of staying as a second card below it.</summary>
    public class PermissionFoldTests
    {
        private static ChatModel Live(IEnumerable<PanelEvent> events)
        {
            var chat = new ChatModel("c1");
            long seq = 0;
            foreach (var e in events) chat.Apply(++seq, e);
            return chat;
        }

        private static PermissionResolvedEvent ByUser(string request, string outcome, string detail)
        {
            var e = Ev.Resolved("t", request, outcome);
            e.Detail = detail;
            e.By = Deciders.User;
            return e;
        }

        [Test]
        public void APendingRequestHasItsOwnCardAndFoldsIntoTheToolOnceAnswered()
        {
            var chat = Live(new PanelEvent[] { Ev.User("t", "clean"), Ev.ToolStart("t", "tu-r1", "Bash"), Ev.Ask("t", "r1") });
            Assert.That(chat.Cards.Select(c => c.Key), Is.EqualTo(new[] { "user:t", "tool:tu-r1", "perm:r1" }));
            var tool = (ToolCard)chat.Cards[1];
            var before = tool.Revision;
            chat.Apply(4, ByUser("r1", PermissionResolvedEvent.Allowed, "allow_always"));
            Assert.That(chat.Cards.Select(c => c.Key), Is.EqualTo(new[] { "user:t", "tool:tu-r1" }), "no second card below the tool");
            Assert.That(tool.Permission.Outcome, Is.EqualTo(PermissionResolvedEvent.Allowed));
            Assert.That(tool.Permission.By, Is.EqualTo(Deciders.User));
            Assert.That(tool.Revision, Is.GreaterThan(before), "the tool card redraws with its new line");
        }

        [Test]
        public void ARequestWithoutAToolCardKeepsItsOwnCard()
        {
            var ask = Ev.Ask("t", "r1");
            ask.ToolUseId = null;
            var chat = Live(new PanelEvent[] { Ev.User("t", "x"), ask, ByUser("r1", PermissionResolvedEvent.Denied, "deny") });
            Assert.That(chat.Cards.Select(c => c.Key), Is.EqualTo(new[] { "user:t", "perm:r1" }));
        }

        [Test]
        public void ASubagentsRequestFoldsIntoTheToolInItsNestedTranscript()
        {
            var chat = Live(new PanelEvent[]
            {
                Ev.User("t", "x"), Ev.ToolStart("t", "task1", "Agent"), Ev.ToolStart("t", "tu-r1", "Bash", parent: "task1"), Ev.Ask("t", "r1"),
                ByUser("r1", PermissionResolvedEvent.Denied, "deny_stop"),
            });
            Assert.That(chat.Cards.Select(c => c.Key), Has.No.Member("perm:r1"));
            var nested = chat.Nested("task1").Cards.OfType<ToolCard>().Single();
            Assert.That(nested.Permission.Outcome, Is.EqualTo(PermissionResolvedEvent.Denied));
        }

        [Test]
        public void FoldedRequestsLetConsecutiveToolsGroup()
        {
            var events = new List<PanelEvent> { Ev.User("t", "x") };
            foreach (var id in new[] { "r1", "r2", "r3" })
            {
                events.Add(Ev.ToolStart("t", "tu-" + id, "Bash"));
                events.Add(Ev.Ask("t", id));
                events.Add(ByUser(id, PermissionResolvedEvent.Allowed, "allow"));
                events.Add(Ev.ToolEnd("t", "tu-" + id, "Bash"));
            }
            var chat = Live(events);
            Assert.That(chat.Cards.Select(c => c.Kind), Is.EqualTo(new[] { CardKind.UserMessage, CardKind.ToolGroup }));
            Assert.That(((ToolGroupCard)chat.Cards[1]).Tools.All(t => t.Permission != null), Is.True);
        }

        [Test]
        public void ASnapshotFoldsTheSameAsTheLiveStream()
        {
            var events = new List<PanelEvent>
            {
                Ev.User("t", "x"), Ev.ToolStart("t", "tu-r1", "Bash"), Ev.Ask("t", "r1"), ByUser("r1", PermissionResolvedEvent.Allowed, "allow"),
                Ev.ToolEnd("t", "tu-r1", "Bash"),
            };
            var live = Live(events);
            var snap = new ChatModel("c1");
            snap.ApplySnapshot(events.Count, live.ExportEvents());
            Assert.That(snap.Cards.Select(c => c.Key), Is.EqualTo(live.Cards.Select(c => c.Key)));
            Assert.That(((ToolCard)snap.Cards[1]).Permission.RequestId, Is.EqualTo("r1"));
        }

        [Test]
        public void ToolFinishedCarriesWhoDecidedWhenNoRequestWasAsked()
        {
            var end = Ev.ToolEnd("t", "tu-1", "mcp__agent-panel__scene_list");
            end.Decision = "accept";
            end.DecidedBy = Deciders.ReadOnlySetting;
            var chat = Live(new PanelEvent[] { Ev.User("t", "x"), Ev.ToolStart("t", "tu-1", "mcp__agent-panel__scene_list"), end });
            var tool = (ToolCard)chat.Cards[1];
            Assert.That(tool.DecidedBy, Is.EqualTo(Deciders.ReadOnlySetting));
            Assert.That(tool.Permission, Is.Null);
        }
    }
}
