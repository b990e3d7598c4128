using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.View;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>The sidecar's markdown blocks (UnityBlock) as elements: rich-text labels (already escaped by the sidecar, links clickable), monospace code with badge and Copy, lists, quotes, tables.</summary>
    internal static class MarkdownBlocks
    {
        /// <summary>A column of the blocks.</summary>
        public static VisualElement Build(IEnumerable<UnityBlock> blocks)
        {
            var root = ChatUi.Box("ap-md");
            AddAll(root, blocks);
            return root;
        }

        private static void AddAll(VisualElement into, IEnumerable<UnityBlock> blocks)
        {
            if (blocks == null) return;
            foreach (var block in blocks)
            {
                var element = Block(block);
                if (element != null) into.Add(element);
            }
        }

        private static VisualElement Block(UnityBlock block)
        {
            switch (block.Type)
            {
                case UnityBlock.Heading:
                    return ChatUi.Text(block.Text, "ap-md-h ap-md-h" + BlockLayout.HeadingLevel(block), true);
                case UnityBlock.Paragraph:
                    return ChatUi.Text(block.Text, "ap-md-p", true);
                case UnityBlock.Code:
                    return Code(block);
                case UnityBlock.List:
                    return List(block);
                case UnityBlock.Quote:
                    var quote = ChatUi.Box("ap-md-quote");
                    AddAll(quote, block.Blocks);
                    return quote;
                case UnityBlock.Table:
                    return Table(block);
                case UnityBlock.Rule:
                    return ChatUi.Box("ap-md-rule");
                default:
                    // A block type from a newer sidecar: its text if it has one.
                    return string.IsNullOrEmpty(block.Text) ? null : ChatUi.Text(block.Text, "ap-md-p");
            }
        }

        private static VisualElement Code(UnityBlock block)
        {
            var box = ChatUi.Box("ap-md-code");
            var header = ChatUi.Box("ap-md-code-header");
            header.Add(ChatUi.Label(BlockLayout.CodeBadge(block.Language), "ap-md-code-badge"));
            var text = block.Text ?? "";
            header.Add(ChatUi.CopyButton(() => text));
            box.Add(header);
            box.Add(ChatUi.Text(text, "ap-md-code-text ap-mono"));
            return box;
        }

        private static VisualElement List(UnityBlock block)
        {
            var list = ChatUi.Box("ap-md-list");
            if (block.Items == null) return list;
            for (var i = 0; i < block.Items.Count; i++)
            {
                var item = block.Items[i];
                var row = ChatUi.Box("ap-md-li");
                row.Add(ChatUi.Label(BlockLayout.ListMarker(block, i), "ap-md-li-marker"));
                var body = ChatUi.Box("ap-md-li-body");
                if (!string.IsNullOrEmpty(item.Text)) body.Add(ChatUi.Text(item.Text, "ap-md-p", true));
                AddAll(body, item.Blocks);
                row.Add(body);
                list.Add(row);
            }
            return list;
        }

        private static VisualElement Table(UnityBlock block)
        {
            var layout = BlockLayout.Table(block);
            var table = ChatUi.Box("ap-md-table");
            if (layout.Header.Count > 0) table.Add(Row(layout, layout.Header, "ap-md-tr ap-md-th"));
            foreach (var row in layout.Rows) table.Add(Row(layout, row, "ap-md-tr"));
            return table;
        }

        private static VisualElement Row(TableLayout layout, List<string> cells, string classes)
        {
            var row = ChatUi.Box(classes);
            for (var c = 0; c < layout.Columns; c++)
            {
                var align = layout.Align[c] == ColumnAlign.Right ? " ap-align-right" : layout.Align[c] == ColumnAlign.Center ? " ap-align-center" : "";
                row.Add(ChatUi.Text(cells[c], "ap-md-td" + align, true));
            }
            return row;
        }
    }
}
