using System.Collections.Generic;
using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.View
{
    /// <summary>Horizontal alignment of a table column.</summary>
    internal enum ColumnAlign
    {
        Left,
        Center,
        Right,
    }

    /// <summary>A table with every row padded (or cut) to the same column count.</summary>
    internal sealed class TableLayout
    {
        public int Columns { get; set; }
        public List<ColumnAlign> Align { get; } = new List<ColumnAlign>();
        /// <summary>Header cells (rich text); empty when the table has no header.</summary>
        public List<string> Header { get; } = new List<string>();
        public List<List<string>> Rows { get; } = new List<List<string>>();
    }

    /// <summary>The decisions of mapping the sidecar's markdown blocks to elements that need no UI: table shape, code badge, list markers.</summary>
    internal static class BlockLayout
    {
        /// <summary>Widest table drawn; more columns are cut (the Copy of the message still has them).</summary>
        public const int MaxColumns = 12;

        /// <summary>A table whose rows all have the same number of columns (the widest row, at most <see cref="MaxColumns"/>).</summary>
        public static TableLayout Table(UnityBlock block)
        {
            var columns = block.Header?.Count ?? 0;
            if (block.Rows != null)
            {
                foreach (var row in block.Rows) columns = System.Math.Max(columns, row?.Count ?? 0);
            }
            columns = System.Math.Min(columns, MaxColumns);
            var table = new TableLayout { Columns = columns };
            for (var c = 0; c < columns; c++) table.Align.Add(AlignOf(block.Align != null && c < block.Align.Count ? block.Align[c] : null));
            if (block.Header != null && block.Header.Count > 0) table.Header.AddRange(Pad(block.Header, columns));
            if (block.Rows != null)
            {
                foreach (var row in block.Rows) table.Rows.Add(Pad(row, columns));
            }
            return table;
        }

        /// <summary>The language badge of a code block: a known name ("C#", "JSON", "Shell") or the info word as written; "" for none.</summary>
        public static string CodeBadge(string language)
        {
            if (string.IsNullOrWhiteSpace(language)) return "";
            switch (language.Trim().ToLowerInvariant())
            {
                case "cs":
                case "csharp":
                case "c#": return "C#";
                case "js":
                case "javascript": return "JavaScript";
                case "ts":
                case "typescript": return "TypeScript";
                case "json": return "JSON";
                case "yaml":
                case "yml": return "YAML";
                case "xml": return "XML";
                case "uxml": return "UXML";
                case "uss": return "USS";
                case "css": return "CSS";
                case "html": return "HTML";
                case "sh":
                case "bash":
                case "shell":
                case "zsh": return "Shell";
                case "ps1":
                case "powershell": return "PowerShell";
                case "py":
                case "python": return "Python";
                case "hlsl": return "HLSL";
                case "shaderlab": return "ShaderLab";
                case "diff":
                case "patch": return "Diff";
                case "md":
                case "markdown": return "Markdown";
                case "text":
                case "txt":
                case "plaintext": return "Text";
                default: return language.Trim();
            }
        }

        /// <summary>The marker of list item <paramref name="index"/>: "3." for ordered lists (from Start), "☑"/"☐" for task items, else "•".</summary>
        public static string ListMarker(UnityBlock list, int index)
        {
            var item = list.Items != null && index < list.Items.Count ? list.Items[index] : null;
            if (item?.Task != null) return item.Task.Value ? "☑" : "☐";
            if (list.Ordered == true) return ((list.Start ?? 1) + index) + ".";
            return "•";
        }

        /// <summary>Heading level clamped to 1–6 (the USS class is "ap-md-h" + level).</summary>
        public static int HeadingLevel(UnityBlock block)
        {
            var level = block.Level ?? 1;
            return level < 1 ? 1 : level > 6 ? 6 : level;
        }

        private static ColumnAlign AlignOf(string align)
        {
            return align == "center" ? ColumnAlign.Center : align == "right" ? ColumnAlign.Right : ColumnAlign.Left;
        }

        private static List<string> Pad(List<string> cells, int columns)
        {
            var row = new List<string>(columns);
            for (var c = 0; c < columns; c++) row.Add(cells != null && c < cells.Count ? cells[c] ?? "" : "");
            return row;
        }
    }
}
