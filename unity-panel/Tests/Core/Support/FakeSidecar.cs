using System;
using System.Collections.Generic;
using System.Linq;
using System.Net.WebSockets;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tests.Support
{
    /// <summary>A small in-process sidecar speaking panel protocol v1: hello, subscribe (replay or snapshot), chat.open/send, permission.answer.</summary>
    internal sealed class FakeSidecar
    {
        private readonly object gate = new object();
        private readonly List<FakeChannel> open = new List<FakeChannel>();
        private readonly Dictionary<string, List<PanelEvent>> chats = new Dictionary<string, List<PanelEvent>>();
        private readonly Dictionary<string, HashSet<FakeChannel>> subscribers = new Dictionary<string, HashSet<FakeChannel>>();
        private readonly HashSet<string> answered = new HashSet<string>();
        private readonly HashSet<FakeChannel> hung = new HashSet<FakeChannel>();
        private int turns;

        public int Pid { get; set; } = 4242;
        public string Token { get; set; } = "good-token";
        public int Port { get; set; } = 27300;
        /// <summary>Connections fail (nothing listens).</summary>
        public bool Refuse { get; set; }
        /// <summary>Frames from clients are read but never answered (a hung sidecar).</summary>
        public bool Silent { get; set; }
        /// <summary>Only events after this seq can be replayed; older subscribers get a snapshot.</summary>
        public long ReplayFrom { get; set; } = 1;
        public int Connections { get; private set; }

        /// <summary>The connections open now stop answering (a hung connection); later connections are answered.</summary>
        public void HangOpenConnections()
        {
            lock (gate) hung.UnionWith(open);
        }
        public List<JObject> Commands { get; } = new List<JObject>();

        public SidecarEndpoint Endpoint => new SidecarEndpoint(Port, Token, Pid);

        /// <summary>Clients' close handshakes never complete (a sidecar too busy to answer).</summary>
        public bool StallClose { get; set; }
        /// <summary>Every channel handed out, oldest first.</summary>
        public List<FakeChannel> Created { get; } = new List<FakeChannel>();

        public IWebSocketChannel NewChannel()
        {
            var channel = new FakeChannel(this);
            lock (gate) Created.Add(channel);
            return channel;
        }

        public void AddChat(string chatId)
        {
            lock (gate) chats[chatId] = new List<PanelEvent>();
        }

        public void RemoveChat(string chatId)
        {
            lock (gate) chats.Remove(chatId);
        }

        /// <summary>Publish an event: next seq, sent to every subscriber.</summary>
        public long Emit(string chatId, PanelEvent evt)
        {
            lock (gate)
            {
                var log = chats[chatId];
                log.Add(evt);
                var frame = new EventFrame { ChatId = chatId, Seq = log.Count, Event = evt };
                if (subscribers.TryGetValue(chatId, out var subs)) foreach (var c in subs) c.Deliver(ProtocolJson.Serialize(frame));
                return log.Count;
            }
        }

        /// <summary>Send a frame to every open connection (tool.invoke, tool.cancel).</summary>
        public void Push(ServerFrame frame)
        {
            List<FakeChannel> channels;
            lock (gate) channels = open.ToList();
            foreach (var c in channels) c.Deliver(ProtocolJson.Serialize(frame));
        }

        /// <summary>Every connection breaks without a close handshake.</summary>
        public void BreakAll()
        {
            foreach (var c in Take()) c.Break();
        }

        /// <summary>Every connection is closed by the server with <paramref name="code"/>.</summary>
        public void CloseAll(int code, string reason)
        {
            foreach (var c in Take()) c.ServerClose(code, reason);
        }

        public List<JObject> CommandsNamed(string cmd)
        {
            lock (gate) return Commands.Where(c => (string)c["cmd"] == cmd).ToList();
        }

        internal void Accept(FakeChannel channel, Uri uri, string token)
        {
            if (Refuse) throw new WebSocketException("Unable to connect to the remote server");
            if (token != Token) throw new WebSocketException("The server returned status code '401' when status code '101' was expected.");
            if (uri.ToString() != "ws://127.0.0.1:" + Port + "/ws") throw new WebSocketException("wrong uri " + uri);
            lock (gate)
            {
                open.Add(channel);
                Connections++;
            }
        }

        internal void Forget(FakeChannel channel)
        {
            lock (gate)
            {
                open.Remove(channel);
                foreach (var subs in subscribers.Values) subs.Remove(channel);
            }
        }

        internal void Handle(FakeChannel channel, string text)
        {
            var cmd = JObject.Parse(text);
            lock (gate)
            {
                Commands.Add(cmd);
                if (Silent || hung.Contains(channel)) return;
                var id = (string)cmd["id"];
                switch ((string)cmd["cmd"])
                {
                    case "hello":
                        var chatList = chats.Keys.Select(k => new ChatSummary { ChatId = k, State = "ready", Cwd = "/p", LastSeq = chats[k].Count }).ToList();
                        Send(channel, new WelcomeFrame { Id = id, Protocol = 1, ServerVersion = "fake", SidecarPid = Pid, Project = "/p", Chats = chatList });
                        break;
                    case "subscribe":
                        Subscribe(channel, id, (string)cmd["chatId"], (long?)cmd["afterSeq"]);
                        break;
                    case "chat.open":
                        var chatId = "c" + (chats.Count + 1);
                        chats[chatId] = new List<PanelEvent>();
                        var opened = new JObject { ["chatId"] = chatId };
                        // A resume of the saved session answers where its earlier conversation ends (chat.open's history handle).
                        if ((string)cmd["resume"] == "s-old") opened["history"] = new JObject { ["sessionId"] = "s-old", ["cursor"] = "at-open" };
                        Send(channel, new AckFrame { Id = id, Result = opened });
                        break;
                    case "chat.send":
                        Send(channel, new AckFrame { Id = id, Result = new JObject { ["turnId"] = "t" + ++turns } });
                        break;
                    case "permission.answer":
                        if (!answered.Add((string)cmd["requestId"])) Send(channel, new ErrorFrame { Id = id, Code = "already_answered", Message = "This permission request was already answered." });
                        else Send(channel, new AckFrame { Id = id });
                        break;
                    case "history.list":
                        var session = new SessionSummary { Id = "s-old", Title = "Why does the player jump twice?", TitleSource = "ai", LastActivity = "2026-03-02T09:31:44.901Z", LastPrompt = "Thanks", MessageCount = 4, MessageCountExact = true, Size = 900 };
                        Send(channel, new AckFrame { Id = id, Result = JObject.FromObject(new HistoryListResult { Sessions = { session } }, ProtocolJson.Serializer) });
                        break;
                    case "history.search":
                        Send(channel, new AckFrame { Id = id, Result = JObject.FromObject(new HistorySearchResult { Hits = { new SearchHit { SessionId = "s-old", Role = "assistant", Kind = "text", Snippet = "…" + (string)cmd["text"] + "…" } }, Stopped = "max_hits" }, ProtocolJson.Serializer) });
                        break;
                    case "history.load":
                        if ((string)cmd["sessionId"] != "s-old")
                        {
                            Send(channel, new ErrorFrame { Id = id, Code = "session_not_found", Message = "No saved session in this project's history; refresh the history list." });
                            break;
                        }
                        var older = cmd["cursor"] == null || (string)cmd["cursor"] == "at-open";
                        var page = new HistoryLoadResult { SessionId = "s-old", Cursor = older ? "older-page" : null, Events = Ev.StreamingTurn(older ? "h2" : "h1", older ? "m2" : "m1") };
                        Send(channel, new AckFrame { Id = id, Result = JObject.FromObject(page, ProtocolJson.Serializer) });
                        break;
                    case "tools.publish":
                        Send(channel, new AckFrame { Id = id, Result = new JObject { ["tools"] = ((JArray)cmd["catalog"]).Count } });
                        break;
                    case "tools.journal":
                    case "tool.progress":
                    case "tool.result":
                    case "history.subscribe":
                    case "history.unsubscribe":
                    case "chats.list":
                    case "chat.interrupt":
                    case "chat.setModel":
                    case "chat.setPermissionMode":
                    case "unsubscribe":
                        Send(channel, new AckFrame { Id = id });
                        break;
                    default:
                        Send(channel, new ErrorFrame { Id = id, Code = "unknown_command", Message = "Unknown command." });
                        break;
                }
            }
        }

        private void Subscribe(FakeChannel channel, string id, string chatId, long? afterSeq)
        {
            if (!chats.TryGetValue(chatId, out var log))
            {
                Send(channel, new ErrorFrame { Id = id, Code = "chat_not_found", Message = "No open chat \"" + chatId + "\"." });
                return;
            }
            if (!subscribers.TryGetValue(chatId, out var subs)) subscribers[chatId] = subs = new HashSet<FakeChannel>();
            subs.Add(channel);
            var replay = afterSeq.HasValue && afterSeq.Value + 1 >= ReplayFrom && afterSeq.Value <= log.Count;
            var mode = replay ? SubscribeResult.Replay : SubscribeResult.Snapshot;
            Send(channel, new AckFrame { Id = id, Result = new JObject { ["mode"] = mode, ["fromSeq"] = replay ? afterSeq.Value + 1 : log.Count, ["lastSeq"] = log.Count } });
            if (replay)
            {
                for (var seq = afterSeq.Value + 1; seq <= log.Count; seq++) Send(channel, new EventFrame { ChatId = chatId, Seq = seq, Event = log[(int)seq - 1] });
            }
            else
            {
                Send(channel, new SnapshotFrame { ChatId = chatId, Seq = log.Count, Events = EventCompactor.Compact(log) });
            }
        }

        private static void Send(FakeChannel channel, ServerFrame frame)
        {
            channel.Deliver(ProtocolJson.Serialize(frame));
        }

        private List<FakeChannel> Take()
        {
            lock (gate)
            {
                var all = open.ToList();
                open.Clear();
                foreach (var subs in subscribers.Values) subs.Clear();
                return all;
            }
        }
    }
}
