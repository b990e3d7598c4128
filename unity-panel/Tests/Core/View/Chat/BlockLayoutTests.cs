using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>BlockLayout: the block-mapping decisions that need no UI.</summary>
    public class BlockLayoutTests
    {
        [Test]
        public void TableRowsArePaddedToTheWidestRowWithAlignPerColumn()
        {
            var block = new UnityBlock
            {
                Type = UnityBlock.Table,
                Header = new List<string> { "A", "B" },
                Align = new List<string> { null, "right" },
                Rows = new List<List<string>> { new List<string> { "1" }, new List<string> { "1", "2", "3" } },
            };
            var table = BlockLayout.Table(block);
            Assert.That(table.Columns, Is.EqualTo(3));
            Assert.That(table.Header, Is.EqualTo(new[] { "A", "B", "" }));
            Assert.That(table.Rows[0], Is.EqualTo(new[] { "1", "", "" }));
            Assert.That(table.Align, Is.EqualTo(new[] { ColumnAlign.Left, ColumnAlign.Right, ColumnAlign.Left }));
        }

        [Test]
        public void CodeBadgesNameKnownLanguages()
        {
            Assert.That(BlockLayout.CodeBadge("cs"), Is.EqualTo("C#"));
            Assert.That(BlockLayout.CodeBadge("bash"), Is.EqualTo("Shell"));
            Assert.That(BlockLayout.CodeBadge("gdscript"), Is.EqualTo("gdscript"));
            Assert.That(BlockLayout.CodeBadge(""), Is.EqualTo(""));
        }

        [Test]
        public void ListMarkersNumberFromStartAndShowTasks()
        {
            var ordered = new UnityBlock { Type = UnityBlock.List, Ordered = true, Start = 3, Items = new List<UnityListItem> { new UnityListItem(), new UnityListItem() } };
            Assert.That(BlockLayout.ListMarker(ordered, 1), Is.EqualTo("4."));
            var tasks = new UnityBlock { Type = UnityBlock.List, Items = new List<UnityListItem> { new UnityListItem { Task = true }, new UnityListItem { Task = false }, new UnityListItem() } };
            Assert.That(BlockLayout.ListMarker(tasks, 0), Is.EqualTo("☑"));
            Assert.That(BlockLayout.ListMarker(tasks, 1), Is.EqualTo("☐"));
            Assert.That(BlockLayout.ListMarker(tasks, 2), Is.EqualTo("•"));
            Assert.That(BlockLayout.HeadingLevel(new UnityBlock { Level = 9 }), Is.EqualTo(6));
        }
    }
}
