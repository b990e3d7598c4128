using System;
using System.Threading;
using System.Threading.Tasks;

namespace AgentPanel.Core.Connection
{
    /// <summary>The few WebSocket operations the connection needs, so tests can replace the socket with an in-memory one.</summary>
    internal interface IWebSocketChannel : IDisposable
    {
        /// <summary>Open the socket and prove the token by the sidecar's challenge-response (the token itself is never sent).</summary>
        Task ConnectAsync(Uri uri, string token, CancellationToken cancellation);

        /// <summary>Send one text frame (callers may call this from several threads; sends are serialized).</summary>
        Task SendAsync(string text, CancellationToken cancellation);

        /// <summary>The next whole text frame, or null once the peer closed the socket.</summary>
        Task<string> ReceiveAsync(CancellationToken cancellation);

        /// <summary>Close politely (close handshake with <paramref name="code"/>).</summary>
        Task CloseAsync(int code, string reason, CancellationToken cancellation);

        /// <summary>Drop the socket at once; a pending receive fails.</summary>
        void Abort();

        /// <summary>The close code the peer sent, once closed.</summary>
        int? CloseCode { get; }

        /// <summary>The close reason the peer sent, once closed.</summary>
        string CloseReason { get; }
    }
}
