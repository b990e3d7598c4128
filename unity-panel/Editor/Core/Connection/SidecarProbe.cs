using System;
using System.Net;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.Connection
{
    /// <summary>What GET /health says about an endpoint.</summary>
    internal enum HealthVerdict
    {
        /// <summary>200 from the process the descriptor names.</summary>
        Healthy,
        /// <summary>Something answers but cannot prove it holds our token (refused, no proof or a wrong one).</summary>
        Unauthorized,
        /// <summary>Something answers 200 but reports another pid (the port was reused).</summary>
        WrongProcess,
        /// <summary>Nothing usable answers.</summary>
        Unreachable,
    }

    /// <summary>Asks a sidecar whether it is alive and ours; used by the launcher (healthy vs stale) and to explain failed connects.</summary>
    internal interface ISidecarProbe
    {
        Task<HealthVerdict> ProbeAsync(SidecarEndpoint endpoint, CancellationToken cancellation);
    }

    /// <summary>
    /// The real probe: GET http://127.0.0.1:&lt;port&gt;/health?nonce=&lt;fresh nonce&gt; without the token, short timeout. Only an
    /// answer carrying HMAC(token, "agent-panel health v1", port, nonce) counts, so a program that took the port after
    /// the sidecar stopped neither learns the token nor passes for the sidecar.
    /// </summary>
    internal sealed class HttpSidecarProbe : ISidecarProbe
    {
        private static readonly HttpClient Client = CreateClient();

        public HttpSidecarProbe(TimeSpan? timeout = null)
        {
            Timeout = timeout ?? TimeSpan.FromSeconds(2);
        }

        public TimeSpan Timeout { get; }

        public async Task<HealthVerdict> ProbeAsync(SidecarEndpoint endpoint, CancellationToken cancellation)
        {
            using (var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellation))
            {
                var nonce = ChallengeProof.NewNonce();
                var request = new HttpRequestMessage(HttpMethod.Get, new Uri(endpoint.HealthUri + "?nonce=" + nonce));
                timeout.CancelAfter(Timeout);
                try
                {
                    using (var response = await Client.SendAsync(request, timeout.Token).ConfigureAwait(false))
                    {
                        if (response.StatusCode == HttpStatusCode.Unauthorized || response.StatusCode == HttpStatusCode.Forbidden) return HealthVerdict.Unauthorized;
                        if (response.StatusCode != HttpStatusCode.OK) return HealthVerdict.Unreachable;
                        var body = await response.Content.ReadAsStringAsync().ConfigureAwait(false);
                        return Judge(body, endpoint.Pid, endpoint.Token, endpoint.Port, nonce);
                    }
                }
                catch (Exception e) when (e is HttpRequestException || e is OperationCanceledException || e is AgentPanelException)
                {
                    if (cancellation.IsCancellationRequested) throw;
                    return HealthVerdict.Unreachable;
                }
                finally
                {
                    request.Dispose();
                }
            }
        }

        /// <summary>
        /// Judge a 200 body: it must carry the proof for <paramref name="token"/>, <paramref name="port"/> and
        /// <paramref name="nonce"/>; then healthy when it names <paramref name="expectedPid"/> (or any pid when 0).
        /// </summary>
        public static HealthVerdict Judge(string body, int expectedPid, string token, int port, string nonce)
        {
            var obj = ProtocolJson.ParseObject(body);
            var proof = obj["proof"];
            if (proof == null || proof.Type != Newtonsoft.Json.Linq.JTokenType.String) return HealthVerdict.Unauthorized;
            if (!ChallengeProof.ProofMatches((string)proof, ChallengeProof.HealthProof(token, port, nonce))) return HealthVerdict.Unauthorized;
            var pid = obj["pid"];
            if (pid == null || pid.Type != Newtonsoft.Json.Linq.JTokenType.Integer) return HealthVerdict.Unreachable;
            return expectedPid == 0 || (long)pid == expectedPid ? HealthVerdict.Healthy : HealthVerdict.WrongProcess;
        }

        private static HttpClient CreateClient()
        {
            // No proxy: loopback traffic stays on the machine.
            var handler = new HttpClientHandler { UseProxy = false, AllowAutoRedirect = false };
            return new HttpClient(handler) { Timeout = System.Threading.Timeout.InfiniteTimeSpan };
        }
    }
}
