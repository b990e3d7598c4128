using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.Connection
{
    // The background half of SidecarConnection: connect, handshake, resubscribe, receive, heartbeat, retry.
    internal sealed partial class SidecarConnection
    {
        private const int CloseSlowConsumer = 4008;

        private async Task RunAsync(CancellationToken stopToken)
        {
            while (!stopToken.IsCancellationRequested && !IsClosed())
            {
                AgentPanelException failure;
                var welcomed = false;
                SidecarEndpoint endpoint = null;
                try
                {
                    endpoint = endpoints();
                }
                catch (Exception e) when (!(e is OutOfMemoryException))
                {
                    Log("reading the sidecar descriptor failed: " + e.Message);
                }
                if (endpoint == null)
                {
                    failure = new SidecarConnectionException(ErrorCodes.NoDescriptor, "No sidecar is running for this project; start it from the Agent Panel window.");
                }
                else
                {
                    SetStatus(new ConnectionStatus(ConnectionState.Connecting, backoff.Attempt));
                    var outcome = await RunSessionAsync(endpoint, stopToken).ConfigureAwait(false);
                    failure = outcome.Error;
                    welcomed = outcome.Welcomed;
                    if (outcome.RetryAtOnce) retryAtOnce = true;
                }
                if (stopToken.IsCancellationRequested || IsClosed()) break;
                if (welcomed || retryAtOnce) backoff.Reset();
                var delay = retryAtOnce ? TimeSpan.Zero : backoff.Next();
                retryAtOnce = false;
                if (failure != null) Log("connection: " + failure.Code + ": " + failure.Message);
                SetStatus(new ConnectionStatus(ConnectionState.WaitingToRetry, backoff.Attempt, delay, failure));
                await WaitAsync(delay, stopToken).ConfigureAwait(false);
            }
            SetStatus(new ConnectionStatus(ConnectionState.Closed));
        }

        private async Task<SessionOutcome> RunSessionAsync(SidecarEndpoint endpoint, CancellationToken stopToken)
        {
            var channel = channels();
            try
            {
                using (var connect = CancellationTokenSource.CreateLinkedTokenSource(stopToken))
                {
                    connect.CancelAfter(options.ConnectTimeout);
                    await channel.ConnectAsync(endpoint.WebSocketUri, endpoint.Token, connect.Token).ConfigureAwait(false);
                }
            }
            catch (Exception e) when (!(e is OutOfMemoryException))
            {
                channel.Dispose();
                if (stopToken.IsCancellationRequested) return new SessionOutcome(null, false, false);
                return new SessionOutcome(await ExplainConnectFailure(endpoint, e, stopToken).ConfigureAwait(false), false, false);
            }
            var session = new Session(channel);
            var welcomed = false;
            try
            {
                var welcome = await HandshakeAsync(session, stopToken).ConfigureAwait(false);
                welcomed = true;
                OnWelcome(session, welcome);
                await ReceiveLoopAsync(session, stopToken).ConfigureAwait(false);
                var code = channel.CloseCode;
                var why = code.HasValue ? "closed by the sidecar, code " + code + (string.IsNullOrEmpty(channel.CloseReason) ? "" : ": " + channel.CloseReason) : "closed";
                return new SessionOutcome(session.EndReason ?? Lost(why), true, code == CloseSlowConsumer);
            }
            catch (Exception e) when (!(e is OutOfMemoryException))
            {
                var error = session.EndReason ?? (e as AgentPanelException) ?? Lost(e.Message);
                return new SessionOutcome(error, welcomed, false);
            }
            finally
            {
                lock (gate)
                {
                    if (live == session) live = null;
                }
                var reason = IsClosed() ? new SidecarConnectionException(ErrorCodes.Closed, "The connection to the sidecar was closed.") : Lost("socket closed");
                Inbox.Post(() => session.Pending.FailAll(reason));
                channel.Dispose();
            }
        }

        private async Task<WelcomeFrame> HandshakeAsync(Session session, CancellationToken stopToken)
        {
            var hello = new HelloCommand { Id = "hello", ClientVersion = options.ClientVersion, Provides = options.Provides, ProviderId = options.ProviderId };
            using (var limit = CancellationTokenSource.CreateLinkedTokenSource(stopToken))
            {
                limit.CancelAfter(options.HandshakeTimeout);
                try
                {
                    await session.Channel.SendAsync(hello.ToJson(), limit.Token).ConfigureAwait(false);
                    while (true)
                    {
                        var text = await session.Channel.ReceiveAsync(limit.Token).ConfigureAwait(false);
                        if (text == null) throw new SidecarConnectionException(ErrorCodes.HandshakeFailed, "The sidecar closed the connection during the handshake; check the sidecar log.");
                        var frame = ServerFrameParser.Parse(text);
                        if (frame is WelcomeFrame welcome) return welcome;
                        if (frame is ErrorFrame error)
                        {
                            throw new SidecarConnectionException(error.Code ?? ErrorCodes.HandshakeFailed, error.Message ?? "The sidecar refused the handshake.");
                        }
                    }
                }
                catch (OperationCanceledException) when (!stopToken.IsCancellationRequested)
                {
                    throw new SidecarConnectionException(ErrorCodes.HandshakeFailed, $"The sidecar did not answer hello within {options.HandshakeTimeout.TotalSeconds:0} s; restart the sidecar.");
                }
            }
        }

        private void OnWelcome(Session session, WelcomeFrame welcome)
        {
            List<string> lost = null;
            List<KeyValuePair<string, long>> resubscribe;
            lock (gate)
            {
                if (lastSidecarPid != 0 && welcome.SidecarPid != lastSidecarPid) lost = book.Clear();
                lastSidecarPid = welcome.SidecarPid;
                live = session;
                resubscribe = book.All();
            }
            SetStatus(new ConnectionStatus(ConnectionState.Connected, 0, null, null, welcome));
            Inbox.Post(() =>
            {
                Welcomed?.Invoke(welcome);
                if (lost == null) return;
                var replaced = new SidecarConnectionException(ErrorCodes.ConnectionLost, "The sidecar was restarted, so this chat ended; resume it from History to continue.");
                foreach (var chatId in lost) SubscriptionLost?.Invoke(chatId, replaced);
            });
            foreach (var pair in resubscribe) Resubscribe(session, pair.Key, pair.Value);
        }

        private void Resubscribe(Session session, string chatId, long afterSeq)
        {
            SendSubscribe(session, chatId, afterSeq).ContinueWith(t =>
            {
                if (!t.IsFaulted || !(t.Exception.GetBaseException() is SidecarCommandException refused)) return;
                // Runs on the pump thread: the command failed there.
                book.Remove(chatId);
                SubscriptionLost?.Invoke(chatId, refused);
            }, TaskContinuationOptions.ExecuteSynchronously);
        }

        private async Task ReceiveLoopAsync(Session session, CancellationToken stopToken)
        {
            var heartbeat = new Heartbeat((long)options.HeartbeatIdle.TotalMilliseconds, (long)options.HeartbeatDead.TotalMilliseconds, clock.ElapsedMilliseconds);
            using (var sessionEnd = CancellationTokenSource.CreateLinkedTokenSource(stopToken))
            {
                var beat = HeartbeatLoopAsync(session, heartbeat, sessionEnd.Token);
                try
                {
                    while (true)
                    {
                        var text = await session.Channel.ReceiveAsync(sessionEnd.Token).ConfigureAwait(false);
                        if (text == null) return;
                        lock (heartbeat) heartbeat.Seen(clock.ElapsedMilliseconds);
                        Handle(session, text);
                    }
                }
                finally
                {
                    sessionEnd.Cancel();
                    try
                    {
                        await beat.ConfigureAwait(false);
                    }
                    catch (OperationCanceledException)
                    {
                    }
                }
            }
        }

        private async Task HeartbeatLoopAsync(Session session, Heartbeat heartbeat, CancellationToken end)
        {
            var pings = 0;
            while (!end.IsCancellationRequested)
            {
                await Task.Delay(options.HeartbeatTick, end).ConfigureAwait(false);
                HeartbeatAction action;
                lock (heartbeat) action = heartbeat.Check(clock.ElapsedMilliseconds);
                if (action == HeartbeatAction.SendPing)
                {
                    var ping = new ChatsListCommand { Id = "hb" + ++pings };
                    _ = session.Channel.SendAsync(ping.ToJson(), end);
                }
                else if (action == HeartbeatAction.Dead)
                {
                    session.EndReason = new SidecarConnectionException(ErrorCodes.HeartbeatTimeout, $"The sidecar stopped answering for {options.HeartbeatDead.TotalSeconds:0} s; reconnecting.");
                    session.Channel.Abort();
                    return;
                }
            }
        }
    }
}
