using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Turns
{
    /// <summary>The words of the turn cards (compile line, file changes, revert confirmation), kept out of the UI so they are tested.</summary>
    internal static class TurnCardText
    {
        /// <summary>The compile line under a turn, or "" when the turn asked for no compile.</summary>
        public static string CompileLine(TurnCompile compile)
        {
            if (compile == null) return "";
            switch (compile.State)
            {
                case TurnCompileState.Waiting: return "Refreshing assets…";
                case TurnCompileState.Compiling: return "Compiling…";
                case TurnCompileState.Succeeded: return "Compiled without errors";
                case TurnCompileState.NothingToCompile: return "Assets refreshed (no scripts to compile)";
                default:
                    var more = compile.Total > compile.Issues.Count ? " (first " + compile.Issues.Count + " shown)" : "";
                    return (compile.Total == 1 ? "1 compile error" : compile.Total + " compile errors") + more;
            }
        }

        /// <summary>"Created", "Modified", "Deleted", "Unchanged", or the sidecar's own word.</summary>
        public static string ChangeLabel(string change)
        {
            if (string.IsNullOrEmpty(change)) return "Changed";
            return char.ToUpperInvariant(change[0]) + change.Substring(1);
        }

        /// <summary>"3 files changed by this turn" (unchanged ones are not counted).</summary>
        public static string FilesTitle(IList<TurnFileChange> files)
        {
            var n = 0;
            foreach (var f in files ?? new List<TurnFileChange>()) if (f.Change != FileChangeKinds.Unchanged) n++;
            return n == 1 ? "1 file changed by this turn" : n + " files changed by this turn";
        }

        /// <summary>How a revert went: "Reverted 2 files; 1 skipped (reason)".</summary>
        public static string RevertedLine(FilesRevertedEvent reverted)
        {
            if (reverted == null) return "";
            var restored = reverted.Restored?.Count ?? 0;
            var text = "Reverted " + (restored == 1 ? "1 file" : restored + " files");
            var skipped = reverted.Skipped ?? new List<SkippedFile>();
            if (skipped.Count == 0) return text;
            var reasons = new List<string>();
            foreach (var s in skipped) reasons.Add((s.Path ?? "") + ": " + (s.Reason ?? "skipped"));
            return text + "; " + skipped.Count + " skipped (" + string.Join("; ", reasons) + ")";
        }

        /// <summary>The paths a files_changed_since error names (data.paths, data.files[].path, or a bare array), tolerantly.</summary>
        public static List<string> ChangedPaths(JToken data)
        {
            var paths = new List<string>();
            Collect(data is JObject o ? (o["paths"] ?? o["files"] ?? o["changed"]) : data, paths);
            return paths;
        }

        /// <summary>The confirmation asked before forcing a revert.</summary>
        public static string ForceConfirm(IList<string> paths, string sidecarMessage)
        {
            if (paths == null || paths.Count == 0) return (sidecarMessage ?? "Files changed since this turn.") + "\n\nRevert anyway and lose those changes?";
            var shown = new List<string>();
            for (var i = 0; i < paths.Count && i < 10; i++) shown.Add("• " + paths[i]);
            if (paths.Count > 10) shown.Add("… and " + (paths.Count - 10) + " more");
            return "These files changed since this turn wrote them:\n" + string.Join("\n", shown) + "\n\nRevert anyway and lose those changes?";
        }

        private static void Collect(JToken token, List<string> paths)
        {
            if (token == null) return;
            if (token.Type == JTokenType.String) paths.Add((string)token);
            else if (token is JArray array) foreach (var item in array) Collect(item, paths);
            else if (token is JObject obj && obj["path"]?.Type == JTokenType.String) paths.Add((string)obj["path"]);
        }
    }
}
