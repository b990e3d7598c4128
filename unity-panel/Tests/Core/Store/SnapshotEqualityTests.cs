using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tests.Support;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Store
{
    /// <summary>A chat rebuilt from a snapshot (compacted events) equals the same chat streamed live, at every point of the stream.</summary>
    public class SnapshotEqualityTests
    {
        private static readonly string[] ScenarioNames = { "streaming", "tools", "permissions", "subagents", "interrupt", "everything" };

        private static List<PanelEvent> Scenario(string name)
        {
            switch (name)
            {
                case "streaming": return Ev.StreamingTurn();
                case "tools": return Ev.ToolTurn();
                case "permissions": return Ev.PermissionTurn();
                case "subagents": return Ev.SubagentTurn();
                case "interrupt": return Ev.InterruptTurn();
                default: return Everything();
            }
        }

        private static List<PanelEvent> Everything()
        {
            var all = new List<PanelEvent> { Ev.Init() };
            all.AddRange(Ev.StreamingTurn("a", "ma"));
            all.Add(Ev.Notice("compacted"));
            all.AddRange(Ev.ToolTurn("b"));
            all.AddRange(Ev.SubagentTurn("c"));
            all.AddRange(Ev.PermissionTurn("d"));
            all.Add(new InitEvent { PermissionMode = "acceptEdits" });
            all.AddRange(Ev.InterruptTurn("e"));
            return all;
        }

        [TestCaseSource(nameof(ScenarioNames))]
        public void SnapshotEqualsLiveAtEveryPrefix(string scenario)
        {
            var events = Scenario(scenario);
            for (var n = 0; n <= events.Count; n++)
            {
                var prefix = events.Take(n).ToList();
                var live = new ChatModel("c");
                for (var i = 0; i < prefix.Count; i++) live.Apply(i + 1, prefix[i]);
                var snap = new ChatModel("c");
                snap.ApplySnapshot(n, EventCompactor.Compact(prefix));
                AssertSameState(live, snap, "after " + n + " events");
            }
        }

        [Test]
        public void ASnapshotReplacesWhateverWasThereBefore()
        {
            var chat = new ChatModel("c");
            chat.Apply(1, Ev.User("old", "old text"));
            chat.ApplySnapshot(11, EventCompactor.Compact(Ev.StreamingTurn()));
            Assert.That(chat.Cards.Any(c => c.Key == "user:old"), Is.False);
            Assert.That(chat.LastSeq, Is.EqualTo(11));
            Assert.That(chat.Apply(11, Ev.Notice("dup")), Is.False, "live events continue after the snapshot's seq");
            Assert.That(chat.Apply(12, Ev.Notice("next")), Is.True);
        }

        [Test]
        public void CompactionDropsDeltasOfFinishedMessagesAndKeepsTheLastState()
        {
            var compacted = EventCompactor.Compact(Ev.StreamingTurn());
            Assert.That(compacted.OfType<MessageDeltaEvent>(), Is.Empty);
            Assert.That(compacted.OfType<StateEvent>().Single().State, Is.EqualTo("ready"));
            Assert.That(compacted.Count, Is.LessThan(Ev.StreamingTurn().Count));
        }

        /// <summary>Cards, nested transcripts and status, as JSON, must match.</summary>
        internal static void AssertSameState(ChatModel expected, ChatModel actual, string context)
        {
            JsonAssert.AreEquivalent(Describe(expected), Describe(actual), context);
        }

        internal static JObject Describe(ChatModel chat)
        {
            var nested = new JObject();
            foreach (var card in chat.Cards)
            {
                var toolUseId = (card as SubagentCard)?.ToolUseId ?? (card as ToolCard)?.ToolUseId;
                var transcript = chat.Nested(toolUseId);
                if (transcript != null) nested[toolUseId] = Cards(transcript.Cards);
            }
            return new JObject
            {
                ["cards"] = Cards(chat.Cards),
                ["nested"] = nested,
                ["status"] = JObject.FromObject(chat.Status, ProtocolJson.Serializer),
                ["pending"] = new JArray(chat.PendingPermissions().Select(p => p.Key)),
            };
        }

        private static JArray Cards(IEnumerable<Card> cards)
        {
            return new JArray(cards.Select(c => JObject.FromObject(c, ProtocolJson.Serializer)));
        }
    }
}
