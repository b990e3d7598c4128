using System.Collections.Generic;
using AgentPanel.Core.View;
using Newtonsoft.Json;

namespace AgentPanel.Core.Turns
{
    /// <summary>Where the compile after a turn stands, as its card says it.</summary>
    internal enum TurnCompileState
    {
        /// <summary>The refresh was requested; no compilation seen yet.</summary>
        Waiting,
        Compiling,
        Succeeded,
        Failed,
        /// <summary>The refresh imported without compiling (no script changed).</summary>
        NothingToCompile,
    }

    /// <summary>The compile result attached to one agent turn.</summary>
    internal sealed class TurnCompile
    {
        public string ChatId;
        public string TurnId;
        public TurnCompileState State;
        /// <summary>Distinct errors, at most <see cref="CompileDigest.MaxIssues"/>.</summary>
        public List<CompileIssue> Issues = new List<CompileIssue>();
        /// <summary>Distinct errors in all.</summary>
        public int Total;
        public string Signature = "";
        /// <summary>The message "Fix these errors" sends.</summary>
        public string FixPrompt = "";
        public long SinceMs;
    }

    /// <summary>
    /// The compile results of the turns whose hold ended in a refresh ("compiling…", then success or the errors), kept across
    /// domain reloads (<see cref="Save"/>). A refresh that starts no compilation within <see cref="NoCompileAfterMs"/> is
    /// "nothing to compile"; a reload while compiling means the compile succeeded (a failed one does not reload).
    /// </summary>
    internal sealed class TurnCompileBook
    {
        /// <summary>How long after the refresh a compilation may take to start.</summary>
        public const long NoCompileAfterMs = 3000;
        /// <summary>Turn results kept (oldest dropped).</summary>
        public const int MaxKept = 50;

        private List<TurnCompile> entries = new List<TurnCompile>();

        /// <summary>Grows on every change (the view redraws the turn cards then).</summary>
        public int Version { get; private set; }

        /// <summary>The result of one turn, or null.</summary>
        public TurnCompile Get(string chatId, string turnId)
        {
            for (var i = entries.Count - 1; i >= 0; i--)
            {
                if (entries[i].ChatId == chatId && entries[i].TurnId == turnId) return entries[i];
            }
            return null;
        }

        /// <summary>One refresh was requested for these turns (chat → turn).</summary>
        public void Refreshed(IEnumerable<KeyValuePair<string, string>> turns, long nowMs)
        {
            foreach (var pair in turns)
            {
                var entry = Get(pair.Key, pair.Value);
                if (entry == null) entries.Add(entry = new TurnCompile { ChatId = pair.Key, TurnId = pair.Value });
                entry.State = TurnCompileState.Waiting;
                entry.Issues = new List<CompileIssue>();
                entry.Total = 0;
                entry.Signature = "";
                entry.FixPrompt = "";
                entry.SinceMs = nowMs;
            }
            while (entries.Count > MaxKept) entries.RemoveAt(0);
            Version++;
        }

        /// <summary>The project's compilation started.</summary>
        public void CompileStarted(long nowMs)
        {
            if (Each(TurnCompileState.Waiting, e => { e.State = TurnCompileState.Compiling; e.SinceMs = nowMs; }).Count > 0) Version++;
        }

        /// <summary>The project's compilation finished with these errors: the waiting turns get the result, which is returned.</summary>
        public List<TurnCompile> CompileFinished(IEnumerable<CompileError> errors)
        {
            var issues = CompileDigest.Issues(errors);
            var signature = CompileDigest.Signature(issues);
            var prompt = CompileDigest.FixPrompt(issues);
            var shown = issues.Count > CompileDigest.MaxIssues ? issues.GetRange(0, CompileDigest.MaxIssues) : issues;
            var done = Each(TurnCompileState.Waiting, null);
            done.AddRange(Each(TurnCompileState.Compiling, null));
            foreach (var e in done)
            {
                e.State = issues.Count == 0 ? TurnCompileState.Succeeded : TurnCompileState.Failed;
                e.Issues = new List<CompileIssue>(shown);
                e.Total = issues.Count;
                e.Signature = signature;
                e.FixPrompt = prompt;
            }
            if (done.Count > 0) Version++;
            return done;
        }

        /// <summary>Per Editor update: a refresh that started no compilation in time imported assets only. True when something changed.</summary>
        public bool Tick(long nowMs, bool compiling)
        {
            if (compiling) return false;
            var changed = Each(TurnCompileState.Waiting, null).FindAll(e => nowMs - e.SinceMs >= NoCompileAfterMs);
            foreach (var e in changed) e.State = TurnCompileState.NothingToCompile;
            if (changed.Count > 0) Version++;
            return changed.Count > 0;
        }

        /// <summary>The results as JSON (for SessionState).</summary>
        public string Save() => JsonConvert.SerializeObject(entries);

        /// <summary>Take over what was saved before a domain reload; a compile cut by the reload had succeeded (failed compiles do not reload).</summary>
        public void Restore(string saved, long nowMs)
        {
            if (string.IsNullOrEmpty(saved)) return;
            try
            {
                entries = JsonConvert.DeserializeObject<List<TurnCompile>>(saved) ?? new List<TurnCompile>();
            }
            catch (JsonException)
            {
                entries = new List<TurnCompile>();
            }
            foreach (var e in Each(TurnCompileState.Compiling, null)) e.State = TurnCompileState.Succeeded;
            foreach (var e in Each(TurnCompileState.Waiting, null)) e.SinceMs = nowMs;
            Version++;
        }

        private List<TurnCompile> Each(TurnCompileState state, System.Action<TurnCompile> change)
        {
            var found = entries.FindAll(e => e.State == state);
            if (change != null) found.ForEach(change);
            return found;
        }
    }
}
