using System.Collections.Generic;
using System.IO;
using System.Linq;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json;

namespace AgentPanel.Core.Tools
{
    /// <summary>Where the journal lives: somewhere that survives a domain reload (the Editor: a file under Temp/), tests in memory. Called from any thread.</summary>
    internal interface IJournalStore
    {
        /// <summary>The saved journal (JSON), or null when there is none.</summary>
        string Load();

        void Save(string json);
    }

    /// <summary>
    /// A journal in a file, written atomically (usable from any thread, unlike SessionState). The Editor puts it under the
    /// project's Temp folder, which survives domain reloads and goes away with the Editor session.
    /// </summary>
    internal sealed class FileJournalStore : IJournalStore
    {
        private readonly string path;

        public FileJournalStore(string path)
        {
            this.path = path;
        }

        public string Load()
        {
            try
            {
                return File.Exists(path) ? File.ReadAllText(path) : null;
            }
            catch (IOException)
            {
                return null;
            }
        }

        public void Save(string json)
        {
            Directory.CreateDirectory(Path.GetDirectoryName(path));
            var temp = path + ".tmp";
            File.WriteAllText(temp, json);
            if (File.Exists(path)) File.Replace(temp, path, null);
            else File.Move(temp, path);
        }
    }

    /// <summary>A journal store in memory (tests, hosts without a reload).</summary>
    internal sealed class MemoryJournalStore : IJournalStore
    {
        private string json;

        public string Load() => json;

        public void Save(string value) => json = value;
    }

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
