using System;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
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
        /// <summary>A sidecar answers but refuses our token (401/403).</summary>
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

    /// <summary>The real probe: GET http://127.0.0.1:&lt;port&gt;/health with the token, short timeout.</summary>
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
            using (var request = new HttpRequestMessage(HttpMethod.Get, endpoint.HealthUri))
            {
                timeout.CancelAfter(Timeout);
                request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", endpoint.Token);
                try
                {
                    using (var response = await Client.SendAsync(request, timeout.Token).ConfigureAwait(false))
                    {
                        if (response.StatusCode == HttpStatusCode.Unauthorized || response.StatusCode == HttpStatusCode.Forbidden) return HealthVerdict.Unauthorized;
                        if (response.StatusCode != HttpStatusCode.OK) return HealthVerdict.Unreachable;
                        var body = await response.Content.ReadAsStringAsync().ConfigureAwait(false);
                        return Judge(body, endpoint.Pid);
                    }
                }
                catch (Exception e) when (e is HttpRequestException || e is OperationCanceledException || e is AgentPanelException)
                {
                    if (cancellation.IsCancellationRequested) throw;
                    return HealthVerdict.Unreachable;
                }
            }
        }

        /// <summary>Judge a 200 body: healthy when it names <paramref name="expectedPid"/> (or any pid when 0).</summary>
        public static HealthVerdict Judge(string body, int expectedPid)
        {
            var obj = ProtocolJson.ParseObject(body);
            var pid = obj["pid"];
            if (pid == null || pid.Type != Newtonsoft.Json.Linq.JTokenType.Integer) return HealthVerdict.Unreachable;
            return expectedPid == 0 || (long)pid == expectedPid ? HealthVerdict.Healthy : HealthVerdict.WrongProcess;
        }

        private static HttpClient CreateClient()
        {
            // No proxy: a system proxy must never see loopback traffic carrying the token.
            var handler = new HttpClientHandler { UseProxy = false, AllowAutoRedirect = false };
            return new HttpClient(handler) { Timeout = System.Threading.Timeout.InfiniteTimeSpan };
        }
    }
}
