using System;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Connection
{
    /// <summary>
    /// Fetches a long compose_mml result's note sequence from the sidecar (GET /mml/notes?path=&lt;wav_path&gt;, Bearer token), because
    /// claude forwards only a preview of such a result and the compose card would otherwise have no piano roll to draw.
    /// Every failure is an <see cref="AgentPanelException"/> with one of the codes below and a message saying what to do.
    /// </summary>
    internal sealed class ComposeNotesClient
    {
        /// <summary>No sidecar answers (none running, or it stopped).</summary>
        public const string SidecarGone = "notes_sidecar_gone";
        /// <summary>404: the WAV was not composed since the sidecar started, so its notes are gone.</summary>
        public const string NotFound = "notes_not_found";
        /// <summary>The sidecar refused the token (401/403) or answered another status.</summary>
        public const string Refused = "notes_refused";
        /// <summary>The answer is not {note_sequence:{channels:{…}}}.</summary>
        public const string BadJson = "notes_bad_json";
        /// <summary>No answer within the timeout.</summary>
        public const string Timeout = "notes_timeout";

        private static readonly HttpClient Client = CreateClient();
        private readonly TimeSpan timeout;

        public ComposeNotesClient(TimeSpan? timeout = null)
        {
            this.timeout = timeout ?? TimeSpan.FromSeconds(10);
        }

        /// <summary>Fetch on a pool thread and complete through <paramref name="queue"/>, so the caller resumes on the thread that drains it.</summary>
        public Task<JObject> FetchThrough(MainThreadQueue queue, Func<SidecarEndpoint> endpoint, string wavPath)
        {
            return queue.Deliver(Task.Run(() => FetchAsync(endpoint(), wavPath, CancellationToken.None)));
        }

        /// <summary>The note sequence (an object with "channels", as <see cref="View.ComposeResult.NoteSequence"/>) for <paramref name="wavPath"/>.</summary>
        public async Task<JObject> FetchAsync(SidecarEndpoint endpoint, string wavPath, CancellationToken cancellation)
        {
            if (endpoint == null) throw new AgentPanelException(SidecarGone, "No sidecar is running for this project, so the piano roll cannot be loaded; start it from the Agent Panel window.");
            if (string.IsNullOrEmpty(wavPath)) throw new ArgumentException("wavPath is empty", nameof(wavPath));
            var uri = new Uri("http://127.0.0.1:" + endpoint.Port + "/mml/notes?path=" + Uri.EscapeDataString(wavPath));
            using (var limit = CancellationTokenSource.CreateLinkedTokenSource(cancellation))
            using (var request = new HttpRequestMessage(HttpMethod.Get, uri))
            {
                request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", endpoint.Token);
                limit.CancelAfter(timeout);
                string body;
                HttpStatusCode status;
                try
                {
                    using (var response = await Client.SendAsync(request, limit.Token).ConfigureAwait(false))
                    {
                        status = response.StatusCode;
                        body = await response.Content.ReadAsStringAsync().ConfigureAwait(false);
                    }
                }
                catch (OperationCanceledException e)
                {
                    if (cancellation.IsCancellationRequested) throw;
                    throw new AgentPanelException(Timeout, "The sidecar did not send the notes within " + timeout.TotalSeconds + " s; it may be busy. Reopen the chat to try again.", e);
                }
                catch (HttpRequestException e)
                {
                    throw new AgentPanelException(SidecarGone, "The sidecar at " + endpoint + " did not answer, so the piano roll cannot be loaded; restart it from the Agent Panel window.", e);
                }
                if (status == HttpStatusCode.NotFound) throw new AgentPanelException(NotFound, ErrorMessage(body) ?? "The sidecar no longer has this WAV's notes; compose it again to see the piano roll.");
                if (status != HttpStatusCode.OK) throw new AgentPanelException(Refused, "The sidecar answered " + (int)status + (ErrorMessage(body) is string m ? ": " + m : "") + " (restart the panel's connection if this persists).");
                return Parse(body);
            }
        }

        /// <summary>The note sequence of a 200 body, or <see cref="BadJson"/>.</summary>
        public static JObject Parse(string body)
        {
            JObject root;
            try
            {
                root = JsonConvert.DeserializeObject<JToken>(body ?? "", new JsonSerializerSettings { DateParseHandling = DateParseHandling.None }) as JObject;
            }
            catch (JsonException e)
            {
                throw new AgentPanelException(BadJson, "The sidecar's notes were not valid JSON; update the package and its sidecar together.", e);
            }
            if (root?["note_sequence"] is JObject seq && seq["channels"] is JObject) return seq;
            throw new AgentPanelException(BadJson, "The sidecar's answer had no note_sequence with channels; update the package and its sidecar together.");
        }

        private static string ErrorMessage(string body)
        {
            try
            {
                var message = (JsonConvert.DeserializeObject<JToken>(body ?? "") as JObject)?["error"]?["message"];
                return message?.Type == JTokenType.String ? (string)message : null;
            }
            catch (JsonException)
            {
                return null;
            }
        }

        private static HttpClient CreateClient()
        {
            // No proxy: loopback traffic stays on the machine; no redirects, so the token goes nowhere else.
            var handler = new HttpClientHandler { UseProxy = false, AllowAutoRedirect = false };
            return new HttpClient(handler) { Timeout = System.Threading.Timeout.InfiniteTimeSpan };
        }
    }
}
