using System.Collections.Generic;

namespace AgentPanel.Core.Turns
{
    /// <summary>The per-project settings of the turn features, as the coordinator reads them (the Editor copies them from the panel's settings).</summary>
    internal sealed class TurnOptions
    {
        /// <summary>Hold Unity's auto refresh while an agent turn writes assets; one refresh when it ends. On by default.</summary>
        public bool BatchRecompiles { get; set; } = true;

        /// <summary>One Undo step per agent turn. On by default.</summary>
        public bool OneUndoPerTurn { get; set; } = true;

        /// <summary>Send compile errors back to the agent by themselves (guarded by <see cref="AutoFixGuard"/>). Off by default.</summary>
        public bool AutoFixCompileErrors { get; set; }
    }

    /// <summary>Where the turn state survives a domain reload: SessionState in the Editor, a dictionary in tests.</summary>
    internal interface ITurnMemory
    {
        string Get(string key);
        void Set(string key, string value);
    }

    /// <summary>An in-memory <see cref="ITurnMemory"/> (tests, the bench, and the Editor before SessionState is wired).</summary>
    internal sealed class DictionaryTurnMemory : ITurnMemory
    {
        private readonly Dictionary<string, string> values = new Dictionary<string, string>();

        public string Get(string key) => values.TryGetValue(key, out var v) ? v : "";

        public void Set(string key, string value) => values[key] = value ?? "";
    }
}
