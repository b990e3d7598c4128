using System;
using System.Globalization;
using System.Text;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.View
{
    /// <summary>Text formatting shared by the chat cards (durations, tokens, costs, previews); same wording as the browser panel's format.ts.</summary>
    internal static class ChatFormat
    {
        /// <summary>"850 ms", "3.2 s", "42 s", "2 min 5 s"; "" for a negative or non-finite value.</summary>
        public static string Duration(double ms)
        {
            if (double.IsNaN(ms) || double.IsInfinity(ms) || ms < 0) return "";
            if (ms < 1000) return Math.Round(ms).ToString(CultureInfo.InvariantCulture) + " ms";
            if (ms < 60000) return (ms / 1000).ToString(ms < 10000 ? "0.0" : "0", CultureInfo.InvariantCulture) + " s";
            var min = (long)Math.Floor(ms / 60000);
            var s = (long)Math.Round((ms % 60000) / 1000);
            if (s == 60)
            {
                min++;
                s = 0;
            }
            return s == 0 ? min + " min" : min + " min " + s + " s";
        }

        /// <summary>"950", "5.3k", "200k", "1.2M".</summary>
        public static string Tokens(long n)
        {
            if (n < 1000) return n.ToString(CultureInfo.InvariantCulture);
            if (n < 1000000) return Trim((n / 1000.0).ToString(n < 10000 ? "0.0" : "0", CultureInfo.InvariantCulture)) + "k";
            return Trim((n / 1000000.0).ToString("0.0", CultureInfo.InvariantCulture)) + "M";
        }

        /// <summary>"$0.0226", "$1.23".</summary>
        public static string Cost(double usd)
        {
            return "$" + usd.ToString(usd < 1 ? "0.0000" : "0.00", CultureInfo.InvariantCulture);
        }

        /// <summary>The engine's one-line summary without the leading "&lt;tool name&gt;: " (the card shows the name).</summary>
        public static string ShortSummary(string toolName, string summary)
        {
            if (string.IsNullOrEmpty(summary) || summary == toolName) return "";
            var prefix = toolName + ": ";
            return toolName != null && summary.StartsWith(prefix, StringComparison.Ordinal) ? summary.Substring(prefix.Length) : summary;
        }

        /// <summary>
        /// Whether <paramref name="summary"/> already names <paramref name="path"/> (whole, or as a path relative to the project, like
        /// "Write: Assets/A.cs" or "echo hi > notes.txt"), so a card need not show the path a second time.
        /// </summary>
        public static bool PathShownIn(string summary, string path)
        {
            if (string.IsNullOrEmpty(summary) || string.IsNullOrEmpty(path)) return false;
            foreach (var raw in summary.Split(PathSeparators, StringSplitOptions.RemoveEmptyEntries))
            {
                var token = raw.StartsWith("./", StringComparison.Ordinal) || raw.StartsWith(".\\", StringComparison.Ordinal) ? raw.Substring(2) : raw;
                if (token.Length == 0) continue;
                if (path == token || path.EndsWith("/" + token, StringComparison.Ordinal) || path.EndsWith("\\" + token, StringComparison.Ordinal)) return true;
            }
            return false;
        }

        private static readonly char[] PathSeparators = { ' ', '\t', '\n', '"', '\'', '`', '<', '>', '|', ';', '(', ')', ',', '=' };

        /// <summary>Pretty JSON of a tool input (a string stays as it is).</summary>
        public static string Json(JToken value)
        {
            if (value == null || value.Type == JTokenType.Null) return "";
            if (value.Type == JTokenType.String) return (string)value;
            return value.ToString(Formatting.Indented);
        }

        /// <summary>
        /// <paramref name="text"/> cut to at most <paramref name="maxLines"/> lines and <paramref name="maxChars"/> characters, with
        /// "… N more lines" (or "… N more characters" when one long line was cut) so the card stays small.
        /// </summary>
        public static string Clip(string text, int maxLines, int maxChars)
        {
            if (string.IsNullOrEmpty(text)) return "";
            // Walks the text line by line instead of splitting it: a tool result can be megabytes, and only the first lines are kept.
            var sb = new StringBuilder();
            var kept = 0;
            var pos = 0;
            while (pos >= 0 && kept < maxLines)
            {
                var end = text.IndexOf('\n', pos);
                var len = (end < 0 ? text.Length : end) - pos;
                if (end > 0 && len > 0 && text[end - 1] == '\r') len--;
                var add = (kept > 0 ? 1 : 0) + len;
                if (sb.Length + add > maxChars)
                {
                    if (kept == 0)
                    {
                        var cut = Math.Max(0, maxChars);
                        if (cut > 0 && char.IsHighSurrogate(text[pos + cut - 1])) cut--;
                        sb.Append(text, pos, cut);
                        var rest = end < 0 ? 0 : LinesFrom(text, end + 1);
                        sb.Append("\n… ").Append(len - cut).Append(" more characters");
                        if (rest > 0) sb.Append(" and ").Append(rest).Append(rest == 1 ? " more line" : " more lines");
                        return sb.ToString();
                    }
                    break;
                }
                if (kept > 0) sb.Append('\n');
                sb.Append(text, pos, len);
                kept++;
                pos = end < 0 ? -1 : end + 1;
            }
            var left = pos < 0 ? 0 : LinesFrom(text, pos);
            if (left > 0) sb.Append("\n… ").Append(left).Append(left == 1 ? " more line" : " more lines");
            return sb.ToString();
        }

        /// <summary>"1 tool use" / "3 tool uses" style plural.</summary>
        public static string Count(long n, string one, string many)
        {
            return n.ToString(CultureInfo.InvariantCulture) + " " + (n == 1 ? one : many);
        }

        /// <summary>Lines in <paramref name="text"/> from <paramref name="start"/> on (the part after the last line break counts, even empty).</summary>
        private static int LinesFrom(string text, int start)
        {
            var lines = 1;
            for (var i = start; i < text.Length; i++)
            {
                if (text[i] == '\n') lines++;
            }
            return lines;
        }

        private static string Trim(string n)
        {
            return n.EndsWith(".0", StringComparison.Ordinal) ? n.Substring(0, n.Length - 2) : n;
        }
    }
}
