using System;
using System.IO;
using System.Net.WebSockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace AgentPanel.Core.Connection
{
    /// <summary>The real channel: System.Net.WebSockets.ClientWebSocket that proves the token by challenge-response (never sending it), whole-message reads and serialized sends.</summary>
    internal sealed class ClientWebSocketChannel : IWebSocketChannel
    {
        private const int MaxMessageBytes = 64 * 1024 * 1024;
        private readonly ClientWebSocket socket = new ClientWebSocket();
        private readonly SemaphoreSlim sendLock = new SemaphoreSlim(1, 1);
        private readonly byte[] buffer = new byte[16 * 1024];

        public int? CloseCode => socket.CloseStatus.HasValue ? (int?)(int)socket.CloseStatus.Value : null;

        public string CloseReason => socket.CloseStatusDescription;

        public async Task ConnectAsync(Uri uri, string token, CancellationToken cancellation)
        {
            // No token on the wire: whatever listens on this port must first prove it holds it.
            var nonce = ChallengeProof.NewNonce();
            socket.Options.AddSubProtocol(ChallengeProof.Protocol);
            socket.Options.AddSubProtocol(ChallengeProof.NoncePrefix + nonce);
            // Loopback only: a system proxy must never see this traffic.
            socket.Options.Proxy = null;
            // The sidecar pings every few seconds; our own heartbeat watches the other direction.
            socket.Options.KeepAliveInterval = TimeSpan.FromSeconds(15);
            await socket.ConnectAsync(uri, cancellation).ConfigureAwait(false);
            var answer = ChallengeProof.Answer(await ReceiveAsync(cancellation).ConfigureAwait(false), token, uri.Port, nonce);
            if (answer == null)
            {
                socket.Abort();
                throw new WebSocketException("The program on port " + uri.Port + " could not prove it is this project's sidecar, so the panel sent it nothing.");
            }
            await SendAsync(answer, cancellation).ConfigureAwait(false);
        }

        public async Task SendAsync(string text, CancellationToken cancellation)
        {
            var bytes = Encoding.UTF8.GetBytes(text);
            await sendLock.WaitAsync(cancellation).ConfigureAwait(false);
            try
            {
                await socket.SendAsync(new ArraySegment<byte>(bytes), WebSocketMessageType.Text, true, cancellation).ConfigureAwait(false);
            }
            finally
            {
                sendLock.Release();
            }
        }

        public async Task<string> ReceiveAsync(CancellationToken cancellation)
        {
            using (var message = new MemoryStream())
            {
                while (true)
                {
                    var result = await socket.ReceiveAsync(new ArraySegment<byte>(buffer), cancellation).ConfigureAwait(false);
                    if (result.MessageType == WebSocketMessageType.Close) return null;
                    if (result.MessageType == WebSocketMessageType.Binary)
                    {
                        throw new WebSocketException("The sidecar sent a binary frame; the panel protocol uses text frames only.");
                    }
                    message.Write(buffer, 0, result.Count);
                    if (message.Length > MaxMessageBytes)
                    {
                        throw new WebSocketException("The sidecar sent a frame larger than 64 MB.");
                    }
                    if (result.EndOfMessage) return Encoding.UTF8.GetString(message.GetBuffer(), 0, (int)message.Length);
                }
            }
        }

        public async Task CloseAsync(int code, string reason, CancellationToken cancellation)
        {
            if (socket.State != WebSocketState.Open && socket.State != WebSocketState.CloseReceived) return;
            await sendLock.WaitAsync(cancellation).ConfigureAwait(false);
            try
            {
                await socket.CloseOutputAsync((WebSocketCloseStatus)code, reason, cancellation).ConfigureAwait(false);
            }
            finally
            {
                sendLock.Release();
            }
        }

        public void Abort()
        {
            socket.Abort();
        }

        public void Dispose()
        {
            socket.Dispose();
            sendLock.Dispose();
        }
    }
}
