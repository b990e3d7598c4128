using AgentPanel.Core.View;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI
{
    /// <summary>The bottom bar: state dot and text, model, context meter, tokens and cost of the shown chat.</summary>
    internal sealed class StatusBar
    {
        private readonly VisualElement dot;
        private readonly Label state;
        private readonly Label model;
        private readonly ProgressBar meter;
        private readonly Label tokens;
        private readonly Label cost;
        private StateDot shownDot = StateDot.None;

        public StatusBar(VisualElement root)
        {
            dot = root.Q<VisualElement>("status-dot");
            state = root.Q<Label>("status-text");
            model = root.Q<Label>("status-model");
            meter = root.Q<ProgressBar>("status-meter");
            tokens = root.Q<Label>("status-tokens");
            cost = root.Q<Label>("status-cost");
        }

        public void Render(StatusLine line)
        {
            dot.RemoveFromClassList(DotClass(shownDot));
            shownDot = line.Dot;
            dot.AddToClassList(DotClass(shownDot));
            state.text = line.StateText;
            model.text = line.Model;
            PanelAssets.Show(model, line.Model.Length > 0);
            PanelAssets.Show(meter, line.ContextPercent.HasValue);
            meter.value = line.ContextPercent ?? 0;
            meter.title = line.ContextText;
            meter.tooltip = line.ContextTooltip;
            meter.EnableInClassList("ap-meter--high", line.ContextPercent >= 85);
            meter.EnableInClassList("ap-meter--mid", line.ContextPercent >= 60 && line.ContextPercent < 85);
            tokens.text = line.TokensText;
            cost.text = line.CostText;
            PanelAssets.Show(cost, line.CostText.Length > 0);
        }

        /// <summary>"ap-dot--ready" etc.; the USS gives each kind its theme colour.</summary>
        public static string DotClass(StateDot kind) => "ap-dot--" + kind.ToString().ToLowerInvariant();
    }
}
