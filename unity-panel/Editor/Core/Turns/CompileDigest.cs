using System;
using System.Collections.Generic;
using System.Text;
using System.Text.RegularExpressions;
using AgentPanel.Core.View;

namespace AgentPanel.Core.Turns
{
    /// <summary>One compile error reduced to what the agent and the card need: where (file, line) and what (the compiler's words).</summary>
    internal sealed class CompileIssue
    {
        public string File { get; set; } = "";
        public int Line { get; set; }
        public string Message { get; set; } = "";

        /// <summary>"Assets/X.cs:12: error CS0103: …", or the message alone when the file is unknown.</summary>
        public override string ToString() => File.Length == 0 ? Message : File + (Line > 0 ? ":" + Line : "") + ": " + Message;
    }

    /// <summary>
    /// The compile errors of one compilation as the turn's card shows them and as "Fix these errors" sends them: deduplicated by
    /// file:line:message (several assemblies report the same error), bounded, one "file:line: message" line each; and the error
    /// set's signature, which the automatic follow-up compares between rounds.
    /// </summary>
    internal static class CompileDigest
    {
        /// <summary>Errors listed at most (the rest are counted).</summary>
        public const int MaxIssues = 20;

        // Unity's message repeats the place: "Assets/X.cs(12,5): error CS0103: …".
        private static readonly Regex Place = new Regex(@"^(?<file>[^\r\n()]+)\((?<line>\d+)(,\d+)?\)\s*:\s*");

        /// <summary>Distinct issues in report order (all of them; callers bound what they show).</summary>
        public static List<CompileIssue> Issues(IEnumerable<CompileError> errors)
        {
            var seen = new HashSet<string>(StringComparer.Ordinal);
            var list = new List<CompileIssue>();
            foreach (var e in errors ?? new List<CompileError>())
            {
                var issue = Issue(e);
                if (issue == null || !seen.Add(Key(issue))) continue;
                list.Add(issue);
            }
            return list;
        }

        /// <summary>The dedup key: file:line:message.</summary>
        public static string Key(CompileIssue issue) => issue.File + ":" + issue.Line + ":" + issue.Message;

        /// <summary>One string per distinct error set (order-insensitive); "" for none.</summary>
        public static string Signature(IEnumerable<CompileIssue> issues)
        {
            var keys = new List<string>();
            foreach (var issue in issues ?? new List<CompileIssue>()) keys.Add(Key(issue));
            keys.Sort(StringComparer.Ordinal);
            return string.Join("\n", keys);
        }

        /// <summary>The message sent to the agent: a heading, at most <see cref="MaxIssues"/> "file:line: message" lines, and how many more.</summary>
        public static string FixPrompt(IList<CompileIssue> issues)
        {
            if (issues == null || issues.Count == 0) return "";
            var text = new StringBuilder();
            text.Append(issues.Count == 1 ? "Unity's compile after your last turn failed with 1 error. Fix it:\n" : "Unity's compile after your last turn failed with " + issues.Count + " errors. Fix them:\n");
            for (var i = 0; i < issues.Count && i < MaxIssues; i++) text.Append(issues[i]).Append('\n');
            if (issues.Count > MaxIssues) text.Append("… and ").Append(issues.Count - MaxIssues).Append(" more (see the Unity Console)\n");
            return text.ToString().TrimEnd('\n');
        }

        private static CompileIssue Issue(CompileError e)
        {
            if (e == null) return null;
            var message = e.Message.Replace("\r", "").Replace('\n', ' ').Trim();
            if (message.Length == 0) return null;
            var file = (e.File ?? "").Replace('\\', '/').Trim();
            var line = e.Line;
            var place = Place.Match(message);
            if (place.Success)
            {
                var named = place.Groups["file"].Value.Replace('\\', '/').Trim();
                if (file.Length == 0) file = named;
                if (line <= 0) int.TryParse(place.Groups["line"].Value, out line);
                if (named == file) message = message.Substring(place.Length).Trim();
            }
            return new CompileIssue { File = file, Line = Math.Max(0, line), Message = message };
        }
    }
}
