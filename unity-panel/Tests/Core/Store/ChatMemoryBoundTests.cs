using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Store
{
    /// <summary>What a domain reload writes to SessionState is bounded: chats that no longer fit are remembered by id only.</summary>
    public class ChatMemoryBoundTests
    {
        private static ChatModel Streamed(string id)
        {
            var chat = new ChatModel(id);
            var events = Ev.StreamingTurn();
            for (var i = 0; i < events.Count; i++) chat.Apply(i + 1, events[i]);
            return chat;
        }

        private static int EventsSize(ChatModel chat)
        {
            var saved = Newtonsoft.Json.Linq.JObject.Parse(ChatMemory.Save(new[] { chat }));
            return saved["chats"][0]["events"].ToString(Newtonsoft.Json.Formatting.None).Length;
        }

        [Test]
        public void ChatsBeyondTheBudgetAreSavedWithoutEventsAndComeBackEmptyForASnapshot()
        {
            var chats = new List<ChatModel> { Streamed("a"), Streamed("b"), Streamed("c") };
            var one = EventsSize(chats[0]);
            var saved = ChatMemory.Save(chats, one * 2 + 10);
            var restored = ChatMemory.Restore(saved);
            Assert.That(restored.Select(c => c.ChatId), Is.EqualTo(new[] { "a", "b", "c" }), "every followed chat is still followed");
            Assert.That(restored[0].LastSeq, Is.EqualTo(chats[0].LastSeq));
            Assert.That(restored[1].Cards.Count, Is.EqualTo(chats[1].Cards.Count));
            Assert.That(restored[2].LastSeq, Is.EqualTo(0), "resubscribed from the start: the sidecar sends it whole");
            Assert.That(restored[2].Cards, Is.Empty);
            Assert.That(saved.Length, Is.LessThan(one * 2 + 10 + 300), "the text stays near the budget");
        }

        [Test]
        public void ASmallChatAfterABigOneStillFits()
        {
            var big = Streamed("big");
            var small = new ChatModel("small");
            var saved = ChatMemory.Restore(ChatMemory.Save(new[] { big, small }, EventsSize(big) - 1));
            Assert.That(saved[0].LastSeq, Is.EqualTo(0));
            Assert.That(saved[1].ChatId, Is.EqualTo("small"));
        }

        [Test]
        public void TheDefaultBudgetKeepsOrdinaryChatsWhole()
        {
            var chats = Enumerable.Range(0, 20).Select(i => Streamed("c" + i)).ToList();
            var restored = ChatMemory.Restore(ChatMemory.Save(chats));
            Assert.That(restored.All(c => c.LastSeq == chats[0].LastSeq), Is.True);
        }
    }
}
