using System;
using System.Collections.Generic;
using System.Text;

namespace AgentPanel.Core.View
{
    /// <summary>
    /// Cuts long text into pieces one UI Toolkit text element can draw: Unity 2022.3 gives up on an element needing more than
    /// 65,535 vertices (about 16k visible characters) and shows nothing. Cuts fall on line breaks (the break itself is dropped:
    /// each piece is its own element, so it starts on a new line anyway); a single line longer than the limit is cut after a
    /// space near the limit, else at the limit, never between the two halves of a surrogate pair. With rich text, a cut never
    /// falls inside a tag, and styles open at the cut are closed at the end of the piece and opened again at the start of the next.
    /// </summary>
    internal static class TextChunks
    {
        /// <summary>Characters per piece; far below the vertex limit, so tags, markup and wide glyphs leave room.</summary>
        public const int DefaultMax = 6000;

        /// <summary>The smallest limit honoured (a tag is at most this long, so a cut before it always makes progress).</summary>
        public const int MinMax = 16;

        /// <summary>Longest run the rich-text parser takes for a tag (the standard generator's buffer).</summary>
        public const int MaxTagLength = 256;

        /// <summary>U+200B, which the sidecar puts after every literal "&lt;" so it is never read as a tag.</summary>
        private const char ZeroWidthSpace = '\u200B';

        /// <summary>Tags that style a span until closed; they are carried over a cut. Others (e.g. &lt;br&gt;) stand alone.</summary>
        private static readonly HashSet<string> Paired = new HashSet<string>(StringComparer.OrdinalIgnoreCase)
        {
            "b", "i", "s", "u", "link", "mark", "color", "size", "font", "sub", "sup",
        };

        /// <summary>
        /// The pieces of <paramref name="text"/>, each at most <paramref name="max"/> characters (plus carried tags when
        /// <paramref name="rich"/>); one piece (possibly empty) when it fits. Pieces of plain text cut at line breaks join back
        /// with "\n"; pieces of one long line concatenate back.
        /// </summary>
        public static List<string> Split(string text, int max = DefaultMax, bool rich = false)
        {
            text = text ?? "";
            max = Math.Max(max, MinMax);
            var chunks = new List<string>();
            if (text.Length <= max)
            {
                chunks.Add(text);
                return chunks;
            }
            var open = new List<string>();
            var pos = 0;
            while (pos < text.Length)
            {
                var prefix = rich ? string.Concat(open) : "";
                if (text.Length - pos <= max)
                {
                    chunks.Add(prefix + text.Substring(pos));
                    break;
                }
                var end = CutAt(text, pos, max, rich, out var next);
                if (rich) Track(text, pos, end, open);
                chunks.Add(prefix + text.Substring(pos, end - pos) + (rich ? Closers(open) : ""));
                pos = next;
            }
            return chunks;
        }

        /// <summary>Where the piece starting at <paramref name="pos"/> ends (exclusive), and where the next one starts.</summary>
        private static int CutAt(string text, int pos, int max, bool rich, out int next)
        {
            // The last line break inside the window, not at its very start (that would make an empty piece). A tag never spans a
            // line break (see TagEnd), so this cut is never inside one.
            var limit = pos + max;
            var newline = text.LastIndexOf('\n', limit, max);
            if (newline > pos)
            {
                next = newline + 1;
                return newline;
            }
            // One long line: after the last space in the window's last quarter, else at the limit.
            var end = limit;
            var space = text.LastIndexOf(' ', limit - 1, max / 4);
            if (space > pos) end = space + 1;
            if (char.IsHighSurrogate(text[end - 1]) && char.IsLowSurrogate(text[end])) end--;
            if (rich)
            {
                var tagStart = TagAround(text, pos, end);
                if (tagStart > pos) end = tagStart;
                else if (tagStart == pos) end = text.IndexOf('>', pos) + 1;
            }
            next = end;
            return end;
        }

        /// <summary>The start of the tag that a cut at <paramref name="at"/> would split (starting at or after <paramref name="pos"/>), or -1.</summary>
        private static int TagAround(string text, int pos, int at)
        {
            var from = Math.Max(pos, at - MaxTagLength);
            for (var i = at - 1; i >= from; i--)
            {
                if (text[i] == '>') return -1;
                if (text[i] != '<') continue;
                var close = TagEnd(text, i);
                return close >= at ? i : -1;
            }
            return -1;
        }

        /// <summary>The index of the "&gt;" closing a tag that starts at <paramref name="start"/>, or -1 when it is not a tag.</summary>
        private static int TagEnd(string text, int start)
        {
            if (start + 1 >= text.Length || text[start + 1] == ZeroWidthSpace) return -1;
            var stop = Math.Min(text.Length, start + MaxTagLength);
            for (var j = start + 1; j < stop; j++)
            {
                var c = text[j];
                if (c == '>') return j;
                if (c == '<' || c == '\n') return -1;
            }
            return -1;
        }

        /// <summary>Update the open tags with the tags in text[from, to).</summary>
        private static void Track(string text, int from, int to, List<string> open)
        {
            for (var i = from; i < to; i++)
            {
                if (text[i] != '<') continue;
                var end = TagEnd(text, i);
                if (end < 0 || end >= to) continue;
                var closing = text[i + 1] == '/';
                var name = TagName(text, closing ? i + 2 : i + 1, end);
                if (Paired.Contains(name))
                {
                    if (!closing) open.Add(text.Substring(i, end + 1 - i));
                    else
                    {
                        for (var k = open.Count - 1; k >= 0; k--)
                        {
                            if (!string.Equals(TagName(open[k], 1, open[k].Length - 1), name, StringComparison.OrdinalIgnoreCase)) continue;
                            open.RemoveAt(k);
                            break;
                        }
                    }
                }
                i = end;
            }
        }

        private static string TagName(string text, int from, int end)
        {
            var i = from;
            while (i < end && char.IsLetter(text[i])) i++;
            return text.Substring(from, i - from);
        }

        private static string Closers(List<string> open)
        {
            if (open.Count == 0) return "";
            var closers = new StringBuilder();
            for (var k = open.Count - 1; k >= 0; k--) closers.Append("</").Append(TagName(open[k], 1, open[k].Length - 1)).Append('>');
            return closers.ToString();
        }
    }
}
