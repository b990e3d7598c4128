using System;
using System.Threading;
using System.Threading.Tasks;

namespace AgentPanel.Core.Connection
{
    // Waiting between attempts, and turning a failed connect into an error that says what to do.
    internal sealed partial class SidecarConnection
    {
        private async Task WaitAsync(TimeSpan delay, CancellationToken stopToken)
        {
            CancellationTokenSource cut;
            lock (gate)
            {
                wake?.Dispose();
                wake = cut = new CancellationTokenSource();
                if (retryAtOnce || closed) cut.Cancel();
            }
            using (var linked = CancellationTokenSource.CreateLinkedTokenSource(stopToken, cut.Token))
            {
                try
                {
                    if (delay > TimeSpan.Zero) await Task.Delay(delay, linked.Token).ConfigureAwait(false);
                }
                catch (OperationCanceledException)
                {
                }
            }
        }

        private async Task<AgentPanelException> ExplainConnectFailure(SidecarEndpoint endpoint, Exception error, CancellationToken stopToken)
        {
            var verdict = HealthVerdict.Unreachable;
            try
            {
                verdict = await probe.ProbeAsync(endpoint, stopToken).ConfigureAwait(false);
            }
            catch (Exception e) when (!(e is OutOfMemoryException))
            {
                Log("health probe failed: " + e.Message);
            }
            switch (verdict)
            {
                case HealthVerdict.Unauthorized:
                    return new SidecarConnectionException(ErrorCodes.AuthRefused, $"What answers on {endpoint} cannot prove it holds our token (a stale descriptor, or another program took the port); restart the sidecar from the Agent Panel window.", error);
                case HealthVerdict.WrongProcess:
                    return new SidecarConnectionException(ErrorCodes.Unreachable, $"Port {endpoint.Port} is used by another process, not this project's sidecar; restart the sidecar.", error);
                case HealthVerdict.Healthy:
                    return new SidecarConnectionException(ErrorCodes.HandshakeFailed, $"The sidecar on {endpoint} is running but the WebSocket connection failed ({error.Message}).", error);
                default:
                    return new SidecarConnectionException(ErrorCodes.Unreachable, $"No sidecar answers on {endpoint}; it may have stopped. Start it again from the Agent Panel window.", error);
            }
        }

        private bool IsClosed()
        {
            lock (gate) return closed;
        }

        /// <summary>How a session ended.</summary>
        private sealed class SessionOutcome
        {
            public SessionOutcome(AgentPanelException error, bool welcomed, bool retryAtOnce)
            {
                Error = error;
                Welcomed = welcomed;
                RetryAtOnce = retryAtOnce;
            }

            public AgentPanelException Error { get; }
            public bool Welcomed { get; }
            public bool RetryAtOnce { get; }
        }
    }
}
