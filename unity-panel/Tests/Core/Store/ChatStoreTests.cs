using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Store
{
    /// <summary>ChatStore over a connection to the in-memory sidecar: open, follow, commands, reconnect catch-up, restore after reload.</summary>
    public class ChatStoreTests
    {
        private FakeSidecar sidecar;
        private SidecarConnection connection;
        private ChatStore store;

        [SetUp]
        public void SetUp()
        {
            sidecar = new FakeSidecar();
            connection = new SidecarConnection(() => sidecar.Endpoint, ConnectionFixture.FastOptions(), sidecar.NewChannel, new ConnectionFixture.FixedProbe(HealthVerdict.Unreachable));
            store = new ChatStore(connection);
            connection.Start();
            Pump.Until(connection.Inbox, () => store.Server != null, "welcome");
        }

        [TearDown]
        public void TearDown()
        {
            connection.Close(TimeSpan.FromSeconds(2));
        }

        private T Await<T>(Task<T> task)
        {
            Pump.Until(connection.Inbox, () => task.IsCompleted, "command");
            return task.GetAwaiter().GetResult();
        }

        private void Await(Task task)
        {
            Pump.Until(connection.Inbox, () => task.IsCompleted, "command");
            task.GetAwaiter().GetResult();
        }

        [Test]
        public void AnOversizeImageIsRefusedBeforeAnythingIsSent()
        {
            var chat = Await(store.OpenAsync());
            var photo = ContextAttachment.FromImage("Scene view", "image/png", new byte[(int)(6.5 * 1024 * 1024)]);
            var send = store.SendAsync(chat.ChatId, "look", new List<ContextAttachment> { photo });
            Pump.Until(connection.Inbox, () => send.IsCompleted, "send refused");
            var error = (AgentPanelException)send.Exception.GetBaseException();
            Assert.That(error.Code, Is.EqualTo("attachment_too_large"));
            Assert.That(error.Message, Does.Contain("5 MB per image"));
            Assert.That(sidecar.CommandsNamed("chat.send"), Is.Empty, "nothing reached the sidecar");
            // The connection is untouched: the next prompt goes out.
            Assert.That(Await(store.SendAsync(chat.ChatId, "without the picture")), Is.EqualTo("t1"));
        }

        [Test]
        public void OpensAChatAndShowsItsStreamAsCards()
        {
            var chat = Await(store.OpenAsync("sonnet"));
            Assert.That(chat.ChatId, Is.EqualTo("c1"));
            Assert.That((string)sidecar.CommandsNamed("chat.open").Single()["model"], Is.EqualTo("sonnet"));
            var turn = Await(store.SendAsync(chat.ChatId, "Why does the player jump twice?"));
            Assert.That(turn, Is.EqualTo("t1"));
            foreach (var e in Ev.StreamingTurn()) sidecar.Emit("c1", e);
            Pump.Until(connection.Inbox, () => chat.LastSeq == Ev.StreamingTurn().Count, "all events applied");
            Assert.That(chat.Cards.Select(c => c.Kind), Is.EqualTo(new[] { CardKind.UserMessage, CardKind.Thinking, CardKind.AssistantText, CardKind.TurnResult }));
        }

        [Test]
        public void LaunchSettingsGoOutWithOpenAndResumeAndBlankOnesAreLeftOut()
        {
            var options = new ChatLaunchOptions { Model = " ", PermissionMode = "plan", AllowedTools = new[] { "Read", "Bash(npm test:*)" }, DisallowedTools = new string[0], ClaudePath = "/opt/claude/bin/claude" };
            Await(store.OpenAsync(options));
            Await(store.ResumeAsync("s-9", true, options));
            var open = sidecar.CommandsNamed("chat.open").ToList();
            Assert.That(open[0]["allowedTools"].ToObject<string[]>(), Is.EqualTo(new[] { "Read", "Bash(npm test:*)" }));
            Assert.That((string)open[0]["claudePath"], Is.EqualTo("/opt/claude/bin/claude"));
            Assert.That((string)open[0]["permissionMode"], Is.EqualTo("plan"));
            Assert.That(open[0]["model"], Is.Null, "a blank model means the sidecar's default");
            Assert.That(open[0]["disallowedTools"], Is.Null, "an empty list is not sent");
            Assert.That(open[0]["resume"], Is.Null);
            Assert.That((string)open[1]["resume"], Is.EqualTo("s-9"));
            Assert.That((bool)open[1]["fork"], Is.True);
            Assert.That((string)open[1]["claudePath"], Is.EqualTo("/opt/claude/bin/claude"));
        }

        [Test]
        public void EveryCommandGoesOutWithItsParameters()
        {
            var chat = Await(store.OpenAsync());
            Await(store.InterruptAsync(chat.ChatId));
            Await(store.AllowAsync(chat.ChatId, "r1"));
            Await(store.AllowAlwaysAsync(chat.ChatId, "r2", new[] { 1 }));
            Await(store.DenyAsync(chat.ChatId, "r3", "not that folder"));
            Await(store.DenyAndStopAsync(chat.ChatId, "r4"));
            Await(store.AnswerQuestionsAsync(chat.ChatId, "r5", new Dictionary<string, string> { { "Pipeline?", "URP" } }));
            Await(store.SetModelAsync(chat.ChatId, null));
            Await(store.SetPermissionModeAsync(chat.ChatId, "acceptEdits"));
            var answers = sidecar.CommandsNamed("permission.answer").Select(c => (string)c["answer"]["kind"]);
            Assert.That(answers, Is.EqualTo(new[] { "allow", "allow_always", "deny", "deny_stop", "answer_questions" }));
            Assert.That(sidecar.CommandsNamed("chat.setModel").Single()["model"].Type, Is.EqualTo(Newtonsoft.Json.Linq.JTokenType.Null));
            Assert.That((string)sidecar.CommandsNamed("chat.setPermissionMode").Single()["mode"], Is.EqualTo("acceptEdits"));
            var resumed = Await(store.ResumeAsync("session-9", true));
            var open = sidecar.CommandsNamed("chat.open").Last();
            Assert.That((string)open["resume"], Is.EqualTo("session-9"));
            Assert.That((bool)open["fork"], Is.True);
            Assert.That(store.Get(resumed.ChatId), Is.SameAs(resumed));
        }

        [Test]
        public void AResumedChatLoadsItsEarlierConversationFromTheOpenAnswersCursorPageByPage()
        {
            var fresh = Await(store.OpenAsync());
            Assert.That(store.EarlierOf(fresh.ChatId), Is.Null, "a new chat has no earlier conversation");
            Assert.That(Await(store.LoadEarlierAsync(fresh.ChatId)), Is.False);

            var chat = Await(store.ResumeAsync("s-old"));
            var earlier = store.EarlierOf(chat.ChatId);
            Assert.That(earlier, Is.Not.Null);
            Assert.That(earlier.SessionId, Is.EqualTo("s-old"));
            Assert.That(earlier.Pages, Is.EqualTo(0));

            Assert.That(Await(store.LoadEarlierAsync(chat.ChatId)), Is.True);
            Assert.That((string)sidecar.CommandsNamed("history.load").Last()["cursor"], Is.EqualTo("at-open"), "the first page ends where the chat opened");
            Assert.That(earlier.Pages, Is.EqualTo(1));
            Assert.That(earlier.HasOlder, Is.True);
            Assert.That(earlier.Chat.Cards.First().Kind, Is.EqualTo(CardKind.UserMessage));
            Assert.That(chat.Cards, Is.Empty, "the earlier conversation is kept apart from the chat's own cards");

            Assert.That(Await(store.LoadEarlierAsync(chat.ChatId)), Is.True);
            Assert.That((string)sidecar.CommandsNamed("history.load").Last()["cursor"], Is.EqualTo("older-page"));
            Assert.That(earlier.Pages, Is.EqualTo(2));
            Assert.That(earlier.HasOlder, Is.False);
            Assert.That(earlier.Chat.Cards.Count(c => c.Kind == CardKind.UserMessage), Is.EqualTo(2), "the older page went above the newer one");
            Assert.That(Await(store.LoadEarlierAsync(chat.ChatId)), Is.False, "nothing older");
        }

        [Test]
        public void HistoryCommandsGoOutTypedAndAnswerWithTypedResults()
        {
            var list = Await(store.HistoryListAsync("jump", includeArchived: true));
            var sent = sidecar.CommandsNamed("history.list").Single();
            Assert.That((string)sent["query"], Is.EqualTo("jump"));
            Assert.That((bool)sent["includeArchived"], Is.True);
            Assert.That(list.Sessions.Single().Title, Is.EqualTo("Why does the player jump twice?"));
            Assert.That(sidecar.CommandsNamed("history.list").Count, Is.EqualTo(1));
            Await(store.HistoryListAsync());
            Assert.That(sidecar.CommandsNamed("history.list").Last().Properties().Select(p => p.Name), Is.EquivalentTo(new[] { "id", "cmd" }), "no empty parameters");

            var hits = Await(store.HistorySearchAsync("FixedUpdate", 5));
            Assert.That((int)sidecar.CommandsNamed("history.search").Single()["limit"], Is.EqualTo(5));
            Assert.That(hits.Hits.Single().Snippet, Does.Contain("FixedUpdate"));
            Assert.That(hits.Stopped, Is.EqualTo("max_hits"));

            var newest = Await(store.HistoryLoadAsync("s-old"));
            Assert.That(newest.Cursor, Is.EqualTo("older-page"));
            Assert.That(newest.Events.Count, Is.EqualTo(Ev.StreamingTurn().Count));
            Assert.That(newest.Events, Has.None.InstanceOf<UnrecognizedEvent>());
            var oldest = Await(store.HistoryLoadAsync("s-old", newest.Cursor));
            Assert.That((string)sidecar.CommandsNamed("history.load").Last()["cursor"], Is.EqualTo("older-page"));
            Assert.That(oldest.Cursor, Is.Null, "the first page of the session");

            var missing = store.HistoryLoadAsync("nope");
            Pump.Until(connection.Inbox, () => missing.IsCompleted, "history.load answered");
            Assert.That(((SidecarCommandException)missing.Exception.GetBaseException()).Code, Is.EqualTo("session_not_found"));
        }

        [Test]
        public void HistoryChangesReachListenersOnlyWhileSubscribedAndTheSubscriptionComesBackAfterAReconnect()
        {
            var heard = new List<HistoryChangedFrame>();
            store.HistoryChanged += heard.Add;
            var frame = (HistoryChangedFrame)ServerFrameParser.Parse("{\"kind\":\"history.changed\",\"sessions\":[{\"id\":\"s-new\",\"title\":\"Add a pause menu\",\"titleSource\":\"prompt\",\"lastActivity\":\"2026-03-03T16:02:30.517Z\",\"messageCount\":3,\"messageCountExact\":true,\"size\":5120,\"hasSubagents\":false,\"archived\":false}],\"removed\":[\"s-gone\"]}");
            store.ApplyHistoryChanged(frame);
            Assert.That(heard, Is.Empty, "not subscribed yet");
            Await(store.HistorySubscribeAsync());
            store.ApplyHistoryChanged(frame);
            Assert.That(heard.Single().Sessions.Single().Id, Is.EqualTo("s-new"));
            Assert.That(heard.Single().Removed, Is.EqualTo(new[] { "s-gone" }));

            sidecar.BreakAll();
            Pump.Until(connection.Inbox, () => sidecar.CommandsNamed("history.subscribe").Count == 2, "history.subscribe again after the reconnect");
            Await(store.HistoryUnsubscribeAsync());
            store.ApplyHistoryChanged(frame);
            Assert.That(heard.Count, Is.EqualTo(1));
        }

        [Test]
        public void ADroppedConnectionMidTurnEndsWithTheSameCardsAsAnUninterruptedRun()
        {
            var chat = Await(store.OpenAsync());
            var events = new List<PanelEvent>();
            events.AddRange(Ev.StreamingTurn("t1", "m1"));
            events.AddRange(Ev.ToolTurn("t2"));
            events.AddRange(Ev.PermissionTurn("t3"));
            var half = events.Count / 2;
            for (var i = 0; i < half; i++) sidecar.Emit("c1", events[i]);
            Pump.Until(connection.Inbox, () => chat.LastSeq == half, "first half");
            sidecar.Refuse = true;
            sidecar.BreakAll();
            for (var i = half; i < events.Count; i++) sidecar.Emit("c1", events[i]);
            sidecar.Refuse = false;
            Pump.Until(connection.Inbox, () => chat.LastSeq == events.Count, "caught up after the reconnect");
            var uninterrupted = new ChatModel("c1");
            for (var i = 0; i < events.Count; i++) uninterrupted.Apply(i + 1, events[i]);
            SnapshotEqualityTests.AssertSameState(uninterrupted, chat, "reconnected chat");
        }

        [Test]
        public void AfterADomainReloadTheSavedChatsRedrawAtOnceAndOnlyNewEventsAreReplayed()
        {
            var chat = Await(store.OpenAsync());
            foreach (var e in Ev.StreamingTurn()) sidecar.Emit("c1", e);
            Pump.Until(connection.Inbox, () => chat.LastSeq == 11, "streamed");
            var saved = ChatMemory.Save(store.Chats);
            connection.Close(TimeSpan.FromSeconds(2));
            foreach (var e in Ev.ToolTurn()) sidecar.Emit("c1", e);

            var restored = ChatMemory.Restore(saved);
            Assert.That(restored.Single().Cards.Count, Is.EqualTo(chat.Cards.Count), "cards are back before any network traffic");
            connection = new SidecarConnection(() => sidecar.Endpoint, ConnectionFixture.FastOptions(), sidecar.NewChannel, new ConnectionFixture.FixedProbe(HealthVerdict.Unreachable));
            store = new ChatStore(connection);
            var again = store.Follow("c1", restored.Single());
            connection.Start();
            var total = 11 + Ev.ToolTurn().Count;
            Pump.Until(connection.Inbox, () => again.LastSeq == total, "caught up");
            Assert.That((long)sidecar.CommandsNamed("subscribe").Last()["afterSeq"], Is.EqualTo(11), "resubscribed after the saved seq: a replay, not a snapshot");
            var reference = new ChatModel("c1");
            var all = Ev.StreamingTurn().Concat(Ev.ToolTurn()).ToList();
            for (var i = 0; i < all.Count; i++) reference.Apply(i + 1, all[i]);
            SnapshotEqualityTests.AssertSameState(reference, again, "restored chat");
        }

        [Test]
        public void DamagedSavedStateRestoresNothing()
        {
            Assert.That(ChatMemory.Restore(null), Is.Empty);
            Assert.That(ChatMemory.Restore("{broken"), Is.Empty);
            Assert.That(ChatMemory.Restore("{\"version\":99,\"chats\":[]}"), Is.Empty);
            Assert.That(ChatMemory.Restore("{\"version\":\"x\",\"chats\":[]}"), Is.Empty);
        }
    }
}
