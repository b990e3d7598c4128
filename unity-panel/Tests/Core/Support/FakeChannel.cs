using System;
using System.Collections.Concurrent;
using System.Net.WebSockets;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;

namespace AgentPanel.Core.Tests.Support
{
    /// <summary>An in-memory WebSocket whose other end is a <see cref="FakeSidecar"/>.</summary>
    internal sealed class FakeChannel : IWebSocketChannel
    {
        private static readonly object ClosedMarker = new object();
        private static readonly object AbortMarker = new object();
        private readonly FakeSidecar sidecar;
        private readonly ConcurrentQueue<object> inbound = new ConcurrentQueue<object>();
        private readonly SemaphoreSlim available = new SemaphoreSlim(0);

        public FakeChannel(FakeSidecar sidecar)
        {
            this.sidecar = sidecar;
        }

        private int pendingReceives;

        public bool Connected { get; private set; }
        /// <summary>ReceiveAsync calls not yet returned.</summary>
        public int PendingReceives => Volatile.Read(ref pendingReceives);
        public int CloseCalls { get; private set; }
        public bool Aborted { get; private set; }
        public bool Disposed { get; private set; }
        public bool ClosedByClient { get; private set; }
        public int? CloseCode { get; private set; }
        public string CloseReason { get; private set; }

        public Task ConnectAsync(Uri uri, string token, CancellationToken cancellation)
        {
            sidecar.Accept(this, uri, token);
            Connected = true;
            return Task.CompletedTask;
        }

        public Task SendAsync(string text, CancellationToken cancellation)
        {
            if (!Connected) throw new WebSocketException("not connected");
            sidecar.Handle(this, text);
            return Task.CompletedTask;
        }

        public async Task<string> ReceiveAsync(CancellationToken cancellation)
        {
            Interlocked.Increment(ref pendingReceives);
            try
            {
                await available.WaitAsync(cancellation).ConfigureAwait(false);
            }
            finally
            {
                Interlocked.Decrement(ref pendingReceives);
            }
            inbound.TryDequeue(out var item);
            if (ReferenceEquals(item, ClosedMarker)) return null;
            if (ReferenceEquals(item, AbortMarker)) throw new WebSocketException("The remote party closed the WebSocket connection without completing the close handshake.");
            return (string)item;
        }

        public Task CloseAsync(int code, string reason, CancellationToken cancellation)
        {
            CloseCalls++;
            if (sidecar.StallClose) return new TaskCompletionSource<bool>().Task;
            ClosedByClient = true;
            CloseCode = code;
            sidecar.Forget(this);
            Push(ClosedMarker);
            return Task.CompletedTask;
        }

        public void Abort()
        {
            Connected = false;
            Aborted = true;
            sidecar.Forget(this);
            Push(AbortMarker);
        }

        public void Dispose()
        {
            Disposed = true;
        }

        /// <summary>The server sends a frame.</summary>
        internal void Deliver(string text)
        {
            Push(text);
        }

        /// <summary>The server closes with a code.</summary>
        internal void ServerClose(int code, string reason)
        {
            CloseCode = code;
            CloseReason = reason;
            Push(ClosedMarker);
        }

        /// <summary>The connection breaks (no close handshake).</summary>
        internal void Break()
        {
            Connected = false;
            Push(AbortMarker);
        }

        private void Push(object item)
        {
            inbound.Enqueue(item);
            available.Release();
        }
    }
}
