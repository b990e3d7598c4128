using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.View
{
    /// <summary>Kinds of diff lines.</summary>
    internal enum DiffKind
    {
        Context,
        Added,
        Removed,
        /// <summary>"@@ edit 2 of 3 @@", "… 12 unchanged lines", "… N more lines".</summary>
        Note,
    }

    /// <summary>One line of a diff.</summary>
    internal readonly struct DiffLine
    {
        public DiffLine(DiffKind kind, string text)
        {
            Kind = kind;
            Text = text;
        }

        public DiffKind Kind { get; }
        public string Text { get; }

        /// <summary>"+ text", "- text", "  text", or the note itself.</summary>
        public override string ToString()
        {
            switch (Kind)
            {
                case DiffKind.Added: return "+ " + Text;
                case DiffKind.Removed: return "- " + Text;
                case DiffKind.Context: return "  " + Text;
                default: return Text;
            }
        }
    }

    /// <summary>The change an Edit / MultiEdit / Write permission asks for, as unified-style diff lines (so the user sees what will change before allowing it).</summary>
    internal static class EditDiff
    {
        /// <summary>Lines kept around a change; longer unchanged runs collapse into a note.</summary>
        public const int ContextLines = 2;
        /// <summary>Longest diff shown; the rest becomes "… N more lines".</summary>
        public const int MaxLines = 400;
        /// <summary>Above this many line pairs the diff falls back to prefix/suffix matching (no LCS).</summary>
        private const long MaxCells = 250000;

        /// <summary>The diff of a tool input, or null when the tool is not a file edit.</summary>
        public static List<DiffLine> Of(string toolName, JObject input)
        {
            if (input == null) return null;
            List<DiffLine> lines;
            switch (toolName)
            {
                case "Edit":
                    lines = Lines(Text(input, "old_string"), Text(input, "new_string"));
                    break;
                case "MultiEdit":
                    if (!(input["edits"] is JArray edits)) return null;
                    lines = new List<DiffLine>();
                    var n = 0;
                    foreach (var edit in edits)
                    {
                        n++;
                        if (!(edit is JObject e)) continue;
                        lines.Add(new DiffLine(DiffKind.Note, "@@ edit " + n + " of " + edits.Count + " @@"));
                        lines.AddRange(Lines(Text(e, "old_string"), Text(e, "new_string")));
                    }
                    break;
                case "Write":
                    lines = new List<DiffLine>();
                    foreach (var line in Split(Text(input, "content"))) lines.Add(new DiffLine(DiffKind.Added, line));
                    break;
                default:
                    return null;
            }
            return Cap(lines);
        }

        /// <summary>Line diff of two texts with <see cref="ContextLines"/> of context around each change.</summary>
        public static List<DiffLine> Lines(string before, string after)
        {
            var a = Split(before);
            var b = Split(after);
            return Collapse(Raw(a, b));
        }

        private static List<DiffLine> Raw(string[] a, string[] b)
        {
            var start = 0;
            while (start < a.Length && start < b.Length && a[start] == b[start]) start++;
            int endA = a.Length, endB = b.Length;
            while (endA > start && endB > start && a[endA - 1] == b[endB - 1])
            {
                endA--;
                endB--;
            }
            var result = new List<DiffLine>();
            for (var i = 0; i < start; i++) result.Add(new DiffLine(DiffKind.Context, a[i]));
            int n = endA - start, m = endB - start;
            if ((long)n * m <= MaxCells) Lcs(a, start, n, b, start, m, result);
            else
            {
                for (var i = start; i < endA; i++) result.Add(new DiffLine(DiffKind.Removed, a[i]));
                for (var j = start; j < endB; j++) result.Add(new DiffLine(DiffKind.Added, b[j]));
            }
            for (var i = endA; i < a.Length; i++) result.Add(new DiffLine(DiffKind.Context, a[i]));
            return result;
        }

        private static void Lcs(string[] a, int offA, int n, string[] b, int offB, int m, List<DiffLine> into)
        {
            var len = new int[n + 1, m + 1];
            for (var i = n - 1; i >= 0; i--)
            {
                for (var j = m - 1; j >= 0; j--) len[i, j] = a[offA + i] == b[offB + j] ? len[i + 1, j + 1] + 1 : System.Math.Max(len[i + 1, j], len[i, j + 1]);
            }
            int x = 0, y = 0;
            while (x < n || y < m)
            {
                if (x < n && y < m && a[offA + x] == b[offB + y])
                {
                    into.Add(new DiffLine(DiffKind.Context, a[offA + x]));
                    x++;
                    y++;
                }
                else if (y < m && (x == n || len[x, y + 1] > len[x + 1, y]))
                {
                    into.Add(new DiffLine(DiffKind.Added, b[offB + y]));
                    y++;
                }
                else
                {
                    into.Add(new DiffLine(DiffKind.Removed, a[offA + x]));
                    x++;
                }
            }
        }

        private static List<DiffLine> Collapse(List<DiffLine> raw)
        {
            var keep = new bool[raw.Count];
            for (var i = 0; i < raw.Count; i++)
            {
                if (raw[i].Kind == DiffKind.Context) continue;
                for (var k = System.Math.Max(0, i - ContextLines); k <= System.Math.Min(raw.Count - 1, i + ContextLines); k++) keep[k] = true;
            }
            var result = new List<DiffLine>();
            var skipped = 0;
            for (var i = 0; i < raw.Count; i++)
            {
                if (keep[i])
                {
                    if (skipped > 0) result.Add(Unchanged(skipped));
                    skipped = 0;
                    result.Add(raw[i]);
                }
                else skipped++;
            }
            if (skipped > 0 && result.Count > 0) result.Add(Unchanged(skipped));
            return result;
        }

        private static DiffLine Unchanged(int n)
        {
            return new DiffLine(DiffKind.Note, "… " + n + (n == 1 ? " unchanged line" : " unchanged lines"));
        }

        private static List<DiffLine> Cap(List<DiffLine> lines)
        {
            if (lines.Count <= MaxLines) return lines;
            var left = lines.Count - MaxLines;
            var capped = lines.GetRange(0, MaxLines);
            capped.Add(new DiffLine(DiffKind.Note, "… " + left + " more lines"));
            return capped;
        }

        /// <summary>A string field, or "" when missing or not a string (a malformed input must not break the permission bar).</summary>
        private static string Text(JObject input, string name) => Protocol.ProtocolJson.StringField(input, name) ?? "";

        private static string[] Split(string text)
        {
            if (text.Length == 0) return new string[0];
            var lines = text.Replace("\r\n", "\n").Split('\n');
            if (lines.Length > 1 && lines[lines.Length - 1].Length == 0) System.Array.Resize(ref lines, lines.Length - 1);
            return lines;
        }
    }
}
