using System.Collections.Generic;
using System.Threading.Tasks;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Connection
{
    /// <summary>Commands sent and not yet answered, by id; completing them resolves the caller's Task (done on the pump thread).</summary>
    internal sealed class PendingCommands
    {
        private readonly Dictionary<string, Entry> entries = new Dictionary<string, Entry>();
        private readonly object gate = new object();
        /// <summary>Register a command; the returned Task completes with the ack's result or fails with the error.</summary>
        public Task<JObject> Add(string id, string cmd)
        {
            var entry = new Entry(cmd);
            lock (gate) entries[id] = entry;
            return entry.Completion.Task;
        }

        /// <summary>Number of commands waiting for an answer.</summary>
        public int Count
        {
            get { lock (gate) return entries.Count; }
        }

        /// <summary>Resolve the command an ack answers; false when no such command waits.</summary>
        public bool Ack(AckFrame ack)
        {
            var entry = Take(ack.Id);
            if (entry == null) return false;
            entry.Completion.TrySetResult(ack.Result ?? new JObject());
            return true;
        }

        /// <summary>Fail the command an error frame answers; false when no such command waits.</summary>
        public bool Error(ErrorFrame error)
        {
            var entry = error.Id == null ? null : Take(error.Id);
            if (entry == null) return false;
            entry.Completion.TrySetException(new SidecarCommandException(entry.Cmd, error.Code ?? "error", error.Message ?? "The sidecar refused the command.", error.Data));
            return true;
        }

        /// <summary>Fail one command (timeout, send failure).</summary>
        public void Fail(string id, AgentPanelException error)
        {
            Take(id)?.Completion.TrySetException(error);
        }

        /// <summary>Fail every waiting command (connection lost or closed).</summary>
        public void FailAll(AgentPanelException error)
        {
            List<Entry> all;
            lock (gate)
            {
                all = new List<Entry>(entries.Values);
                entries.Clear();
            }
            foreach (var entry in all) entry.Completion.TrySetException(error);
        }

        private Entry Take(string id)
        {
            if (id == null) return null;
            lock (gate)
            {
                if (!entries.TryGetValue(id, out var entry)) return null;
                entries.Remove(id);
                return entry;
            }
        }

        private sealed class Entry
        {
            public Entry(string cmd)
            {
                Cmd = cmd;
            }

            public string Cmd { get; }
            public TaskCompletionSource<JObject> Completion { get; } = new TaskCompletionSource<JObject>();
        }
    }
}
