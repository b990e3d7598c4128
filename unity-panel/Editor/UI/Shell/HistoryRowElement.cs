using System;
using AgentPanel.Core.View;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI
{
    /// <summary>One recycled row of the virtualized History list: built once by the ListView's makeItem, filled by <see cref="Bind"/>.</summary>
    internal sealed class HistoryRowElement : Button
    {
        private readonly Label titleLabel = new Label { enableRichText = false };
        private readonly VisualElement flagBox = new VisualElement();
        private readonly Label timeLabel = new Label();
        private readonly Label previewLabel = new Label { enableRichText = false };
        private readonly Label detailsLabel = new Label { enableRichText = false };
        private HistoryRow row;

        public HistoryRowElement(Action<string> open)
        {
            clicked += () =>
            {
                if (row != null) open(row.SessionId);
            };
            AddToClassList("ap-history-row");
            var head = new VisualElement();
            head.AddToClassList("ap-history-row__head");
            titleLabel.AddToClassList("ap-history-row__title");
            flagBox.AddToClassList("ap-row");
            timeLabel.AddToClassList("ap-muted");
            head.Add(titleLabel);
            head.Add(flagBox);
            head.Add(timeLabel);
            Add(head);
            previewLabel.AddToClassList("ap-history-row__preview");
            Add(previewLabel);
            detailsLabel.AddToClassList("ap-muted");
            detailsLabel.AddToClassList("ap-history-row__details");
            Add(detailsLabel);
        }

        /// <summary>Show <paramref name="next"/> with its relative time at <paramref name="nowUtc"/>.</summary>
        public void Bind(HistoryRow next, DateTime nowUtc)
        {
            row = next;
            tooltip = "Session " + next.SessionId;
            titleLabel.text = next.Title;
            timeLabel.text = next.TimeAt(nowUtc);
            timeLabel.tooltip = next.TimeTooltip;
            flagBox.Clear();
            foreach (var flag in next.Flags)
            {
                var label = new Label(flag);
                label.AddToClassList("ap-flag");
                flagBox.Add(label);
            }
            previewLabel.text = next.Preview;
            PanelAssets.Show(previewLabel, next.Preview.Length > 0);
            detailsLabel.text = next.Details;
            PanelAssets.Show(detailsLabel, next.Details.Length > 0);
        }
    }
}
