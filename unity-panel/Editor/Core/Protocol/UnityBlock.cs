using System.Collections.Generic;

namespace AgentPanel.Core.Protocol
{
    /// <summary>A markdown block rendered by the sidecar for the Unity panel (render/unity-blocks-schema.ts); one flat class so unknown types still read.</summary>
    internal sealed class UnityBlock
    {
        /// <summary>Block types (an unknown type is shown as plain text or skipped by the view).</summary>
        public const string Heading = "heading";
        public const string Paragraph = "paragraph";
        public const string List = "list";
        public const string Code = "code";
        public const string Quote = "quote";
        public const string Table = "table";
        public const string Rule = "rule";

        public string Type { get; set; }
        /// <summary>heading: 1–6.</summary>
        public int? Level { get; set; }
        /// <summary>heading/paragraph: Unity rich text; code: the raw code (show with rich text off).</summary>
        public string Text { get; set; }
        /// <summary>code: first word of the info string, or "".</summary>
        public string Language { get; set; }
        /// <summary>list.</summary>
        public bool? Ordered { get; set; }
        public int? Start { get; set; }
        public List<UnityListItem> Items { get; set; }
        /// <summary>quote: nested blocks.</summary>
        public List<UnityBlock> Blocks { get; set; }
        /// <summary>table: "left"/"center"/"right" or null per column.</summary>
        public List<string> Align { get; set; }
        public List<string> Header { get; set; }
        public List<List<string>> Rows { get; set; }
    }

    /// <summary>One list item: its first paragraph as rich text, anything after it as nested blocks.</summary>
    internal sealed class UnityListItem
    {
        public string Text { get; set; }
        /// <summary>Task items only: checked or not; null for ordinary items.</summary>
        public bool? Task { get; set; }
        public List<UnityBlock> Blocks { get; set; }
    }
}
