using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json;

namespace AgentPanel.Core.Tools
{
    /// <summary>
    /// What became of every call this provider received and the sidecar has not acknowledged the answer of: received
    /// (nothing ran yet), started, or finished with its result. Every change is saved at once, so after a domain reload the
    /// new connection can report each call as not_started, interrupted or finished (the sidecar then retries only what
    /// cannot run twice).
    /// </summary>
    internal sealed class ToolJournal
    {
        private const string Received = "received";
        private const string Started = "started";
        private const string Done = "finished";

        private readonly IJournalStore store;
        private readonly object gate = new object();
        private readonly Dictionary<string, Entry> entries;

        public ToolJournal(IJournalStore store)
        {
            this.store = store;
            entries = Read(store.Load());
        }

        /// <summary>Number of calls the journal holds.</summary>
        public int Count
        {
            get
            {
                lock (gate) return entries.Count;
            }
        }

        /// <summary>A tool.invoke arrived (written before anything of it runs).</summary>
        public void MarkReceived(string callId) => Set(callId, Received, null);

        /// <summary>The call is about to run.</summary>
        public void MarkStarted(string callId) => Set(callId, Started, null);

        /// <summary>The call ended with <paramref name="result"/> (kept until the sidecar acknowledges it).</summary>
        public void MarkFinished(string callId, ToolResult result) => Set(callId, Done, result);

        /// <summary>The sidecar has the answer (or the report): forget the call.</summary>
        public void Forget(string callId)
        {
            lock (gate)
            {
                if (entries.Remove(callId)) Write();
            }
        }

        /// <summary>The tools.journal report of every call held: received → not_started, started → interrupted, finished → finished + result.</summary>
        public List<JournalEntry> Report()
        {
            lock (gate)
            {
                return entries.Values.OrderBy(e => e.Order).Select(e => new JournalEntry
                {
                    CallId = e.CallId,
                    Outcome = e.State == Done ? JournalEntry.Finished : e.State == Started ? JournalEntry.Interrupted : JournalEntry.NotStarted,
                    Result = e.State == Done ? e.Result : null,
                }).ToList();
            }
        }

        private void Set(string callId, string state, ToolResult result)
        {
            lock (gate)
            {
                var order = entries.TryGetValue(callId, out var old) ? old.Order : entries.Count == 0 ? 0 : entries.Values.Max(e => e.Order) + 1;
                entries[callId] = new Entry { CallId = callId, State = state, Result = result, Order = order };
                Write();
            }
        }

        private void Write()
        {
            store.Save(JsonConvert.SerializeObject(entries.Values.OrderBy(e => e.Order).ToList(), ProtocolJson.Settings));
        }

        private static Dictionary<string, Entry> Read(string json)
        {
            var map = new Dictionary<string, Entry>();
            if (string.IsNullOrEmpty(json)) return map;
            try
            {
                foreach (var e in JsonConvert.DeserializeObject<List<Entry>>(json, ProtocolJson.Settings) ?? new List<Entry>())
                {
                    if (!string.IsNullOrEmpty(e?.CallId)) map[e.CallId] = e;
                }
            }
            catch (JsonException)
            {
                // A damaged journal reports nothing: the sidecar then treats those calls as interrupted (never run twice).
            }
            return map;
        }

        private sealed class Entry
        {
            public string CallId { get; set; }
            public string State { get; set; }
            public ToolResult Result { get; set; }
            public long Order { get; set; }
        }
    }
}
