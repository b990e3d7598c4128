using AgentPanel.Core.Tools;
using UnityEditor;

namespace AgentPanel.Editor.Tools
{
    /// <summary>
    /// The tool journal in SessionState: it survives a domain reload (what decision 9 of docs/architecture.md needs) and not an Editor restart, after
    /// which no caller waits any more. Main thread only; <see cref="MainThreadJournalStore"/> hands saves over to it.
    /// </summary>
    internal sealed class SessionJournalStore : IJournalStore
    {
        private const string Key = "AgentPanel.Tools.Journal";

        public string Load()
        {
            var json = SessionState.GetString(Key, "");
            return json.Length == 0 ? null : json;
        }

        public void Save(string json) => SessionState.SetString(Key, json ?? "");
    }
}
