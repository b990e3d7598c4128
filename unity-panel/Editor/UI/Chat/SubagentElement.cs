using System.Collections.Generic;
using System.Diagnostics;
using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>A subagent: type badge, description, live activity line, tool uses / tokens / elapsed; its own transcript on expand.</summary>
    internal sealed class SubagentElement : CardElement
    {
        private Expander expander;
        private Label badge;
        private Label title;
        private Label activity;
        private Label facts;
        private SubagentCard subagent;
        private LongText summary;
        private CardList nested;

        public SubagentElement(ChatContext context) : base(context, "ap-card-subagent") { }

        public override void Bind(Card card)
        {
            subagent = (SubagentCard)card;
            if (expander == null)
            {
                expander = new Expander(card.Key, Context.OpenKeys, "ap-subagent");
                var labels = expander.AddHeaderLabels("ap-badge", "ap-subagent-title");
                badge = labels[0];
                title = labels[1];
                activity = ChatUi.Label("", "ap-subagent-activity");
                facts = ChatUi.Label("", "ap-meta");
                Add(expander);
                // Filled once per opening: progress events arrive often, and refilling would rebuild the whole nested transcript.
                expander.SetBody(Fill);
            }
            var line = SubagentLine.Of(subagent);
            EnableInClassList("ap-state-running", line.Running);
            EnableInClassList("ap-state-failed", line.Failed);
            badge.text = line.Badge;
            title.text = line.Title;
            activity.text = line.Activity;
            facts.text = line.Facts;
            if (activity.parent == null)
            {
                Insert(1, activity);
                Insert(2, facts);
            }
            ShowSummary(line.Summary);
        }

        private void Fill(VisualElement body)
        {
            summary = new LongText("", "ap-subagent-summary");
            body.Add(summary.Element);
            ShowSummary(SubagentLine.Of(subagent).Summary);
            nested = new CardList(Context);
            body.Add(nested);
            Tick();
        }

        private void ShowSummary(string text)
        {
            if (summary == null) return;
            summary.SetText(text);
            PanelAssets.Show(summary.Element, !string.IsNullOrEmpty(text));
        }

        public override void Tick()
        {
            if (!expander.Open || nested == null) return;
            var transcript = Context.Chat?.Nested(subagent.ToolUseId ?? "");
            if (transcript == null && Context.NestedWanted != null && subagent.ToolUseId != null)
            {
                // A past session: its subagents' transcripts are fetched only when someone opens one.
                Context.NestedWanted(subagent.ToolUseId);
                nested.Show(new List<Card>(), "Loading the subagent's transcript…");
                return;
            }
            nested.Show(transcript == null ? new List<Card>() : transcript.Cards, Context.ReadOnly ? "No transcript of this subagent was kept." : "The subagent has not said anything yet.");
        }
    }

    /// <summary>A list of card elements kept in step with a list of cards by a <see cref="RefreshPlanner"/> (the chat view's list and subagents' nested transcripts).</summary>
    internal sealed class CardList : VisualElement
    {
        private static readonly Stopwatch Clock = Stopwatch.StartNew();
        private readonly ChatContext context;
        private readonly RefreshPlanner planner = new RefreshPlanner();
        private readonly Dictionary<string, CardElement> elements = new Dictionary<string, CardElement>();
        private readonly Label empty;

        public CardList(ChatContext context)
        {
            this.context = context;
            AddToClassList("ap-card-list");
            empty = ChatUi.Label("", "ap-empty");
        }

        /// <summary>Show <paramref name="cards"/>; returns the plan carried out (RetryInMs says when held-back updates are due).</summary>
        public RefreshPlan Show(IReadOnlyList<Card> cards, string emptyText = null)
        {
            var plan = planner.Plan(cards, Clock.ElapsedMilliseconds, Stamp);
            foreach (var key in plan.Remove)
            {
                if (elements.TryGetValue(key, out var gone)) gone.RemoveFromHierarchy();
                elements.Remove(key);
            }
            foreach (var card in plan.Create)
            {
                if (elements.TryGetValue(card.Key, out var old)) old.RemoveFromHierarchy();
                var element = CardElement.Create(card, context);
                element.Bind(card);
                elements[card.Key] = element;
            }
            foreach (var card in plan.Update) elements[card.Key].Bind(card);
            if (plan.Reorder)
            {
                for (var i = 0; i < cards.Count; i++)
                {
                    var element = elements[cards[i].Key];
                    if (i < childCount && ElementAt(i) == element) continue;
                    element.RemoveFromHierarchy();
                    Insert(i, element);
                }
            }
            foreach (var element in elements.Values) element.Tick();
            empty.text = emptyText ?? "";
            if (cards.Count == 0 && emptyText != null && empty.parent == null) Add(empty);
            else if (cards.Count > 0 && empty.parent != null) empty.RemoveFromHierarchy();
            return plan;
        }

        /// <summary>Drop every element (another chat is shown).</summary>
        public void Reset()
        {
            Clear();
            elements.Clear();
            planner.Reset();
        }

        private int Stamp(Card card)
        {
            switch (card)
            {
                case ToolCard tool: return context.Awaiting.Contains(tool.ToolUseId) ? 1 : 0;
                case ToolGroupCard group:
                    var waiting = 0;
                    foreach (var tool in group.Tools)
                    {
                        if (context.Awaiting.Contains(tool.ToolUseId)) waiting++;
                    }
                    return waiting;
                case SubagentCard subagent: return subagent.Tool?.Revision ?? 0;
                default: return 0;
            }
        }
    }
}
