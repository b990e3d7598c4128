using System.Collections.Generic;
using System.Globalization;

namespace AgentPanel.Core.View
{
    /// <summary>What a link points at.</summary>
    internal enum LinkKind
    {
        None,
        /// <summary>A project path (Assets/… or Packages/…), optionally with a line.</summary>
        Asset,
        /// <summary>http(s) or mailto.</summary>
        Web,
    }

    /// <summary>A link found in text or read from a rich-text &lt;link="…"&gt; id.</summary>
    internal sealed class LinkTarget
    {
        public LinkKind Kind { get; set; }
        public string Path { get; set; }
        /// <summary>1-based line, or 0 for none.</summary>
        public int Line { get; set; }
        public string Url { get; set; }
        /// <summary>Position in the scanned text (for <see cref="AssetLinks.Find"/>).</summary>
        public int Start { get; set; }
        public int Length { get; set; }
    }

    /// <summary>
    /// Project paths in text so the UI can make them clickable (ping / open at line): the rich text of markdown already carries
    /// &lt;link="asset:Assets/…:12"&gt; tags from the sidecar (<see cref="Parse"/> reads their ids); plain text (tool summaries,
    /// results, code) is scanned by <see cref="Find"/> with the sidecar's rules (render/asset-refs.ts).
    /// </summary>
    internal static class AssetLinks
    {
        private const string Stop = " \t\n\r\f\v\u00A0\"'`<>|*?:\\";
        private const string Trailing = ".,;!?)]}";
        private const int MaxLineDigits = 7;

        /// <summary>The target of a link id ("asset:Assets/A.cs:12", "https://…", "mailto:…"); Kind None for anything else.</summary>
        public static LinkTarget Parse(string linkId)
        {
            if (string.IsNullOrEmpty(linkId)) return new LinkTarget();
            if (linkId.StartsWith("https://", System.StringComparison.OrdinalIgnoreCase) || linkId.StartsWith("http://", System.StringComparison.OrdinalIgnoreCase) || linkId.StartsWith("mailto:", System.StringComparison.OrdinalIgnoreCase))
            {
                return new LinkTarget { Kind = LinkKind.Web, Url = linkId };
            }
            if (!linkId.StartsWith("asset:", System.StringComparison.Ordinal)) return new LinkTarget();
            var reference = linkId.Substring("asset:".Length);
            var line = 0;
            var colon = reference.LastIndexOf(':');
            if (colon > 0 && int.TryParse(reference.Substring(colon + 1), NumberStyles.None, CultureInfo.InvariantCulture, out var n))
            {
                line = n;
                reference = reference.Substring(0, colon);
            }
            return IsProjectPath(reference) ? new LinkTarget { Kind = LinkKind.Asset, Path = reference, Line = line, Length = linkId.Length } : new LinkTarget();
        }

        /// <summary>Project paths in plain text, in order ("Assets/Scripts/Player.cs:42" → path and line 42).</summary>
        public static List<LinkTarget> Find(string text)
        {
            var found = new List<LinkTarget>();
            if (string.IsNullOrEmpty(text)) return found;
            var i = 0;
            while (i < text.Length)
            {
                var a = text.IndexOf("Assets/", i, System.StringComparison.Ordinal);
                var p = text.IndexOf("Packages/", i, System.StringComparison.Ordinal);
                var start = a < 0 ? p : p < 0 ? a : System.Math.Min(a, p);
                if (start < 0) break;
                var afterRoot = start + (start == a ? "Assets/".Length : "Packages/".Length);
                if (start > 0 && IsGlue(text[start - 1]))
                {
                    i = afterRoot;
                    continue;
                }
                var end = afterRoot;
                while (end < text.Length && Stop.IndexOf(text[end]) < 0 && text[end] >= ' ') end++;
                var scanned = end;
                while (end > afterRoot && Trailing.IndexOf(text[end - 1]) >= 0) end--;
                var path = text.Substring(start, end - start);
                if (end == afterRoot || !IsProjectPath(path))
                {
                    i = System.Math.Max(scanned, start + 1);
                    continue;
                }
                var link = new LinkTarget { Kind = LinkKind.Asset, Path = path, Start = start, Length = end - start };
                if (end == scanned && end < text.Length && text[end] == ':')
                {
                    var digits = end + 1;
                    while (digits < text.Length && digits - end <= MaxLineDigits && text[digits] >= '0' && text[digits] <= '9') digits++;
                    if (digits > end + 1)
                    {
                        link.Line = int.Parse(text.Substring(end + 1, digits - end - 1), CultureInfo.InvariantCulture);
                        link.Length = digits - start;
                    }
                }
                found.Add(link);
                i = start + link.Length;
            }
            return found;
        }

        /// <summary>Assets/… or Packages/… without "." or ".." segments (never outside the project).</summary>
        public static bool IsProjectPath(string path)
        {
            if (path == null || !(path.StartsWith("Assets/", System.StringComparison.Ordinal) || path.StartsWith("Packages/", System.StringComparison.Ordinal))) return false;
            if (path.IndexOf('\\') >= 0 || path.IndexOf(':') >= 0) return false;
            foreach (var segment in path.Split('/'))
            {
                if (segment == "." || segment == "..") return false;
            }
            return !path.EndsWith("/", System.StringComparison.Ordinal) || path.Length > "Packages/".Length;
        }

        private static bool IsGlue(char c)
        {
            return char.IsLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == '/' || c == '\\' || c == '@' || c == '~' || c == '$';
        }
    }
}
