using System.Collections.Generic;
using AgentPanel.Core.Store;

namespace AgentPanel.Core.View
{
    /// <summary>
    /// Pruning of long chats: at most <see cref="Limit"/> of the newest cards are materialized; older ones collapse into a
    /// "Show N earlier cards" row. Cards that still need the user or are still running (pending permissions, running tools,
    /// groups and subagents) are never hidden.
    /// </summary>
    internal sealed class CardWindow
    {
        /// <summary>Default number of newest cards kept as elements.</summary>
        public const int DefaultLimit = 300;
        /// <summary>How many more cards "Show earlier" reveals per click.</summary>
        public const int Page = 100;

        private readonly int initialLimit;

        public CardWindow(int limit = DefaultLimit)
        {
            initialLimit = limit;
            Limit = limit;
        }

        public int Limit { get; private set; }

        /// <summary>Cards left out by the last <see cref="Apply"/>.</summary>
        public int Hidden { get; private set; }

        /// <summary>"Show 1 earlier card" / "Show 250 earlier cards"; null when nothing is hidden.</summary>
        public string HiddenText => Hidden == 0 ? null : "Show " + Hidden + (Hidden == 1 ? " earlier card" : " earlier cards");

        /// <summary>The cards to materialize, in display order.</summary>
        public List<Card> Apply(IReadOnlyList<Card> cards)
        {
            var first = cards.Count - Limit;
            var visible = new List<Card>(System.Math.Min(cards.Count, Limit + 8));
            for (var i = 0; i < cards.Count; i++)
            {
                if (i >= first || IsPinned(cards[i])) visible.Add(cards[i]);
            }
            Hidden = cards.Count - visible.Count;
            return visible;
        }

        /// <summary>Reveal <see cref="Page"/> more of the earlier cards.</summary>
        public void ShowEarlier()
        {
            Limit += Page;
        }

        /// <summary>Back to the default window (another chat is shown).</summary>
        public void Reset()
        {
            Limit = initialLimit;
            Hidden = 0;
        }

        /// <summary>A card that must stay materialized because it still needs the user or still changes.</summary>
        public static bool IsPinned(Card card)
        {
            switch (card)
            {
                case PermissionCard permission: return permission.Pending;
                case ToolCard tool: return tool.Status == ToolStatus.Running;
                case ToolGroupCard group: return group.Status == ToolStatus.Running;
                case SubagentCard subagent: return SubagentLine.Of(subagent).Running;
                default: return false;
            }
        }
    }
}
