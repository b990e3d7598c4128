using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Connection
{
    /// <summary>
    /// The Unity side of the panel protocol: one WebSocket to the project's sidecar, kept alive with heartbeats, re-opened with
    /// backoff, resubscribing each chat after its last received seq. Network work runs on background threads; everything the
    /// caller sees (events, status, command results) is delivered through <see cref="Inbox"/>, which the Editor drains on the
    /// main thread.
    /// </summary>
    internal sealed partial class SidecarConnection : IDisposable
    {
        private readonly ConnectionOptions options;
        private readonly Func<SidecarEndpoint> endpoints;
        private readonly Func<IWebSocketChannel> channels;
        private readonly ISidecarProbe probe;
        private readonly SubscriptionBook book = new SubscriptionBook();
        private readonly Backoff backoff;
        private readonly object gate = new object();
        private readonly Stopwatch clock = Stopwatch.StartNew();
        private readonly CancellationTokenSource stop = new CancellationTokenSource();
        private CancellationTokenSource wake;
        private Session live;
        private Task loop;
        private bool closed;
        private int lastSidecarPid;
        private long nextId;
        private volatile bool retryAtOnce;
        private volatile ConnectionStatus status = new ConnectionStatus(ConnectionState.Idle);

        /// <summary>Create a connection; <paramref name="endpoints"/> is asked before every attempt (null = no sidecar running yet).</summary>
        public SidecarConnection(Func<SidecarEndpoint> endpoints, ConnectionOptions options = null, Func<IWebSocketChannel> channels = null, ISidecarProbe probe = null)
        {
            this.endpoints = endpoints ?? throw new ArgumentNullException(nameof(endpoints));
            this.options = options ?? new ConnectionOptions();
            this.channels = channels ?? (() => new ClientWebSocketChannel());
            this.probe = probe ?? new HttpSidecarProbe();
            backoff = new Backoff(this.options.BackoffInitial, this.options.BackoffMax, 2.0, this.options.BackoffJitter, this.options.Random);
        }

        /// <summary>Work for the main thread: drain it every editor update (all events below are raised from the drain).</summary>
        public MainThreadQueue Inbox { get; } = new MainThreadQueue();

        /// <summary>The latest status (readable from any thread).</summary>
        public ConnectionStatus Status => status;

        /// <summary>The status changed.</summary>
        public event Action<ConnectionStatus> StatusChanged;
        /// <summary>A handshake completed (after every reconnect too).</summary>
        public event Action<WelcomeFrame> Welcomed;
        /// <summary>A chat event, in seq order per chat, duplicates removed (pending permission requests may repeat).</summary>
        public event Action<EventFrame> EventReceived;
        /// <summary>A chat's state as a compacted event list: replace what you have.</summary>
        public event Action<SnapshotFrame> SnapshotReceived;
        /// <summary>The chat list changed.</summary>
        public event Action<ChatsFrame> ChatsChanged;

        /// <summary>The project's session history changed (after history.subscribe).</summary>
        public event Action<HistoryChangedFrame> HistoryChanged;
        /// <summary>tool.invoke or tool.cancel (only on a connection whose hello provides tools).</summary>
        public event Action<ServerFrame> ToolFrameReceived;
        /// <summary>The same frames on the receive thread, before they queue for the pump (the tool journal notes the call at once).</summary>
        public event Action<ServerFrame> ToolFrameArrived;
        /// <summary>An error frame no waiting command claimed (protocol-level problems).</summary>
        public event Action<ErrorFrame> ServerError;
        /// <summary>A subscription ended without being asked to: the chat is gone or a different sidecar process took over.</summary>
        public event Action<string, AgentPanelException> SubscriptionLost;
        /// <summary>Log lines for the sidecar log view (never contain the token).</summary>
        public event Action<string> Diagnostic;

        /// <summary>Start connecting in the background; safe to call once.</summary>
        public void Start()
        {
            lock (gate)
            {
                if (loop != null || closed) return;
                loop = Task.Run(() => RunAsync(stop.Token));
            }
        }

        /// <summary>Send a command; the Task completes (on the pump thread) with the ack's result, or fails with a typed error.</summary>
        public Task<JObject> SendAsync(ClientCommand command, TimeSpan? timeout = null)
        {
            if (command == null) throw new ArgumentNullException(nameof(command));
            var session = CurrentSession();
            if (session == null)
            {
                return Failed<JObject>(new SidecarConnectionException(ErrorCodes.NotConnected, "Not connected to the sidecar yet; wait for the connection (see the status bar) and try again."));
            }
            return Send(session, command, timeout);
        }

        /// <summary>Follow a chat after <paramref name="afterSeq"/> (0 = from scratch); survives reconnects. Null result when sent later, on connect.</summary>
        public Task<SubscribeResult> SubscribeAsync(string chatId, long afterSeq = 0)
        {
            Session session;
            lock (gate)
            {
                book.Add(chatId, afterSeq);
                session = live;
            }
            if (session == null) return Task.FromResult<SubscribeResult>(null);
            var sent = SendSubscribe(session, chatId, afterSeq);
            sent.ContinueWith(t =>
            {
                // The sidecar does not know this chat: do not retry it after reconnects.
                if (t.Exception.GetBaseException() is SidecarCommandException) book.Remove(chatId);
            }, TaskContinuationOptions.OnlyOnFaulted | TaskContinuationOptions.ExecuteSynchronously);
            return sent;
        }

        /// <summary>Stop following a chat.</summary>
        public Task UnsubscribeAsync(string chatId)
        {
            Session session;
            lock (gate)
            {
                book.Remove(chatId);
                session = live;
            }
            return session == null ? Task.FromResult<JObject>(null) : Send(session, new UnsubscribeCommand(chatId), null);
        }

        /// <summary>Last seq received for a chat (0 when none).</summary>
        public long LastSeq(string chatId)
        {
            return book.LastSeq(chatId);
        }

        /// <summary>The chats followed, with their last received seq.</summary>
        public List<KeyValuePair<string, long>> Subscriptions()
        {
            return book.All();
        }

        /// <summary>Skip the current backoff wait (e.g. right after starting a sidecar).</summary>
        public void ReconnectNow()
        {
            retryAtOnce = true;
            lock (gate) wake?.Cancel();
        }

        /// <summary>Close cleanly: close handshake, no reconnect, waiting commands fail with connection_closed.</summary>
        public async Task CloseAsync()
        {
            Session session;
            Task running;
            lock (gate)
            {
                if (closed) return;
                closed = true;
                session = live;
                running = loop;
                wake?.Cancel();
            }
            if (session != null)
            {
                using (var timeout = new CancellationTokenSource(options.CloseTimeout))
                {
                    try
                    {
                        await session.Channel.CloseAsync(1000, "panel closing", timeout.Token).ConfigureAwait(false);
                    }
                    catch (Exception e) when (!(e is OutOfMemoryException))
                    {
                        Log("close handshake failed: " + e.Message);
                    }
                }
            }
            if (running != null) await Task.WhenAny(running, Task.Delay(options.CloseTimeout)).ConfigureAwait(false);
            stop.Cancel();
            if (running != null) await Task.WhenAny(running, Task.Delay(options.CloseTimeout)).ConfigureAwait(false);
            SetStatus(new ConnectionStatus(ConnectionState.Closed));
        }

        /// <summary>Close, blocking at most <paramref name="timeout"/> (for beforeAssemblyReload and editor quit; never deadlocks on the main thread).</summary>
        public void Close(TimeSpan timeout)
        {
            Task.Run(CloseAsync).Wait(timeout);
        }

        /// <summary>
        /// Tear down at once, for beforeAssemblyReload, editor quit and a closed window: no close handshake (the replay cursor makes
        /// a clean close unnecessary), the background loop, connect, receive, heartbeat and retry wait are cancelled, the socket is
        /// aborted and disposed, waiting commands fail with connection closed (their timers go with them). Returns once none of
        /// this connection's code runs on another thread any more (bounded by <paramref name="grace"/>, default 200 ms; the
        /// cancelled loop normally unwinds in well under a millisecond). Call on the thread that drains <see cref="Inbox"/>.
        /// </summary>
        public void Shutdown(TimeSpan? grace = null)
        {
            Session session;
            Task running;
            lock (gate)
            {
                closed = true;
                session = live;
                live = null;
                running = loop;
                wake?.Cancel();
            }
            stop.Cancel();
            session?.Channel.Abort();
            if (running != null)
            {
                try
                {
                    running.Wait(grace ?? TimeSpan.FromMilliseconds(200));
                }
                catch (AggregateException)
                {
                }
            }
            session?.Channel.Dispose();
            session?.Pending.FailAll(new SidecarConnectionException(ErrorCodes.Closed, "The connection to the sidecar was closed."));
            status = new ConnectionStatus(ConnectionState.Closed);
        }

        /// <summary>True while the background loop (connect, receive, heartbeat, retry) runs.</summary>
        public bool Running
        {
            get
            {
                lock (gate) return loop != null && !loop.IsCompleted;
            }
        }

        /// <summary>Same as <see cref="Shutdown"/>.</summary>
        public void Dispose()
        {
            Shutdown();
        }

        private Session CurrentSession()
        {
            lock (gate) return closed ? null : live;
        }

        private Task<JObject> Send(Session session, ClientCommand command, TimeSpan? timeout)
        {
            var id = "u" + Interlocked.Increment(ref nextId);
            command.Id = id;
            var json = command.ToJson();
            try
            {
                // The sidecar would refuse it by size: say so without sending it.
                ProtocolLimits.CheckFrame(json, command.Cmd);
            }
            catch (AgentPanelException e)
            {
                return Failed<JObject>(e);
            }
            var task = session.Pending.Add(id, command.Cmd);
            var limit = timeout ?? options.CommandTimeout;
            var timer = new CancellationTokenSource(limit);
            var registration = timer.Token.Register(() => Inbox.Post(() => session.Pending.Fail(id, new SidecarConnectionException(ErrorCodes.CommandTimeout,
                $"The sidecar did not answer \"{command.Cmd}\" within {limit.TotalSeconds:0} s; check the sidecar log, then try again."))));
            task.ContinueWith(_ =>
            {
                registration.Dispose();
                timer.Dispose();
            }, TaskContinuationOptions.ExecuteSynchronously);
            session.Channel.SendAsync(json, CancellationToken.None).ContinueWith(t =>
            {
                if (!t.IsFaulted && !t.IsCanceled) return;
                Inbox.Post(() => session.Pending.Fail(id, Lost("sending \"" + command.Cmd + "\" failed")));
            }, TaskContinuationOptions.ExecuteSynchronously);
            return task;
        }

        private async Task<SubscribeResult> SendSubscribe(Session session, string chatId, long afterSeq)
        {
            var result = await Send(session, new SubscribeCommand(chatId, afterSeq > 0 ? (long?)afterSeq : null), null).ConfigureAwait(false);
            return ProtocolJson.ToObject<SubscribeResult>(result);
        }

        private void SetStatus(ConnectionStatus next)
        {
            status = next;
            Inbox.Post(() => StatusChanged?.Invoke(next));
        }

        private void Log(string line)
        {
            Inbox.Post(() => Diagnostic?.Invoke(line));
        }

        private static SidecarConnectionException Lost(string what)
        {
            return new SidecarConnectionException(ErrorCodes.ConnectionLost, "The connection to the sidecar was lost (" + what + "); it reconnects by itself, then try again.");
        }

        private static Task<T> Failed<T>(Exception error)
        {
            var source = new TaskCompletionSource<T>();
            source.SetException(error);
            return source.Task;
        }

        /// <summary>One open socket and the commands sent on it.</summary>
        private sealed class Session
        {
            public Session(IWebSocketChannel channel)
            {
                Channel = channel;
            }

            public IWebSocketChannel Channel { get; }
            public PendingCommands Pending { get; } = new PendingCommands();
            public HashSet<string> Resyncing { get; } = new HashSet<string>();
            public AgentPanelException EndReason { get; set; }
        }
    }
}
