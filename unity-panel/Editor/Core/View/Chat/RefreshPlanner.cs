using System.Collections.Generic;
using AgentPanel.Core.Store;

namespace AgentPanel.Core.View
{
    /// <summary>What the chat view must do to its card elements in one refresh.</summary>
    internal sealed class RefreshPlan
    {
        /// <summary>Cards without an element yet.</summary>
        public List<Card> Create { get; } = new List<Card>();
        /// <summary>Cards whose element must show a newer revision now.</summary>
        public List<Card> Update { get; } = new List<Card>();
        /// <summary>Keys whose elements must go (the card left the window).</summary>
        public List<string> Remove { get; } = new List<string>();
        /// <summary>The elements must be put in the order of the visible cards (something was added, removed or moved).</summary>
        public bool Reorder { get; set; }
        /// <summary>Some updates were held back (text streaming faster than the interval); refresh again after this many ms, or -1.</summary>
        public long RetryInMs { get; set; } = -1;
        /// <summary>Cards appended at the end (for the "N new" count of the jump pill).</summary>
        public int Appended { get; set; }

        public bool IsEmpty => Create.Count == 0 && Update.Count == 0 && Remove.Count == 0 && !Reorder;
    }

    /// <summary>
    /// Decides which card elements to build, update or drop from the cards' <see cref="Card.Revision"/>s, so a refresh touches only
    /// what changed, and limits every card to one update per <see cref="IntervalMs"/> (streamed text is redrawn in batches,
    /// not per delta). Cards that were never shown and cards leaving are handled at once.
    /// </summary>
    internal sealed class RefreshPlanner
    {
        /// <summary>Shortest time between two updates of one card's element.</summary>
        public const long IntervalMs = 50;

        private readonly Dictionary<string, Shown> shown = new Dictionary<string, Shown>();
        private readonly List<string> order = new List<string>();

        /// <summary>
        /// The plan to show <paramref name="visible"/> at time <paramref name="nowMs"/>; the planner assumes the view carries it out.
        /// <paramref name="stamp"/> adds what a card's element shows beyond the card itself (a tool waiting for approval, the
        /// state of a subagent's tool call) so a change there redraws it too.
        /// </summary>
        public RefreshPlan Plan(IReadOnlyList<Card> visible, long nowMs, System.Func<Card, int> stamp = null)
        {
            var plan = new RefreshPlan();
            var keys = new HashSet<string>();
            long retry = -1;
            foreach (var card in visible)
            {
                keys.Add(card.Key);
                var extra = stamp == null ? 0 : stamp(card);
                if (!shown.TryGetValue(card.Key, out var s) || !ReferenceEquals(s.Card, card))
                {
                    plan.Create.Add(card);
                    shown[card.Key] = new Shown(card, card.Revision, extra, nowMs);
                    continue;
                }
                if (s.Revision == card.Revision && s.Extra == extra) continue;
                var wait = s.At + IntervalMs - nowMs;
                if (wait > 0)
                {
                    retry = retry < 0 ? wait : System.Math.Min(retry, wait);
                    continue;
                }
                plan.Update.Add(card);
                shown[card.Key] = new Shown(card, card.Revision, extra, nowMs);
            }
            foreach (var key in order)
            {
                if (keys.Contains(key)) continue;
                plan.Remove.Add(key);
                shown.Remove(key);
            }
            plan.Reorder = !SameOrder(visible);
            if (plan.Reorder) plan.Appended = CountAppended(visible);
            order.Clear();
            foreach (var card in visible) order.Add(card.Key);
            plan.RetryInMs = retry;
            return plan;
        }

        /// <summary>Forget everything (the view dropped its elements, e.g. another chat is shown).</summary>
        public void Reset()
        {
            shown.Clear();
            order.Clear();
        }

        private bool SameOrder(IReadOnlyList<Card> visible)
        {
            if (visible.Count != order.Count) return false;
            for (var i = 0; i < visible.Count; i++)
            {
                if (visible[i].Key != order[i]) return false;
            }
            return true;
        }

        private int CountAppended(IReadOnlyList<Card> visible)
        {
            if (order.Count == 0) return 0;
            var last = order[order.Count - 1];
            for (var i = visible.Count - 1; i >= 0; i--)
            {
                if (visible[i].Key == last) return visible.Count - 1 - i;
            }
            return 0;
        }

        private readonly struct Shown
        {
            public Shown(Card card, int revision, int extra, long at)
            {
                Card = card;
                Revision = revision;
                Extra = extra;
                At = at;
            }

            public Card Card { get; }
            public int Revision { get; }
            public int Extra { get; }
            public long At { get; }
        }
    }
}
