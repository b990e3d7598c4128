using System.Collections.Generic;
using System.Text;

namespace AgentPanel.Core.View
{
    /// <summary>One compiler error as Unity reports it (CompilerMessage with type Error).</summary>
    internal sealed class CompileError
    {
        public CompileError(string message, string file = "", int line = 0)
        {
            Message = message ?? "";
            File = file ?? "";
            Line = line;
        }

        /// <summary>Unity's full text, usually "Assets/X.cs(12,5): error CS0103: …".</summary>
        public string Message { get; }
        public string File { get; }
        public int Line { get; }
    }

    /// <summary>The "ask to fix" bar: the current compile errors (deduplicated, bounded) and the prompt that asks Claude to fix them.</summary>
    internal static class CompileErrorsSummary
    {
        public const int MaxErrors = 20;

        /// <summary>Distinct errors in order (the same error reported by several assemblies counts once).</summary>
        public static List<CompileError> Distinct(IEnumerable<CompileError> errors)
        {
            var seen = new HashSet<string>();
            var list = new List<CompileError>();
            foreach (var e in errors ?? new List<CompileError>())
            {
                if (e != null && e.Message.Trim().Length > 0 && seen.Add(e.Message.Trim())) list.Add(e);
            }
            return list;
        }

        /// <summary>"1 compile error" / "3 compile errors", or "" when there are none.</summary>
        public static string BarText(IList<CompileError> errors)
        {
            var n = errors?.Count ?? 0;
            return n == 0 ? "" : n == 1 ? "1 compile error in the Console" : n + " compile errors in the Console";
        }

        /// <summary>The prompt: "Fix these compile errors:" and one line per error (at most <see cref="MaxErrors"/>).</summary>
        public static string Prompt(IList<CompileError> errors)
        {
            if (errors == null || errors.Count == 0) return "";
            var text = new StringBuilder("Fix these compile errors:\n");
            for (var i = 0; i < errors.Count && i < MaxErrors; i++) text.Append("- ").Append(Describe(errors[i])).Append('\n');
            if (errors.Count > MaxErrors) text.Append("- … and ").Append(errors.Count - MaxErrors).Append(" more\n");
            return text.ToString().TrimEnd('\n');
        }

        private static string Describe(CompileError e)
        {
            var message = e.Message.Trim().Replace("\r", "").Replace('\n', ' ');
            if (e.File.Length == 0 || message.Contains(e.File)) return message;
            return e.File + (e.Line > 0 ? "(" + e.Line + ")" : "") + ": " + message;
        }
    }
}
