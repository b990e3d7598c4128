using System;

namespace AgentPanel.Core.View
{
    /// <summary>
    /// Stick-to-bottom logic of the message list: it follows new content while the view is within <see cref="Threshold"/> of the
    /// bottom; scrolling up stops following and shows the "jump to latest" pill with the number of cards added since.
    /// Content growing under a following view does not stop following (only a move up does).
    /// </summary>
    internal sealed class ScrollFollow
    {
        /// <summary>Distance from the bottom (pixels) that still counts as "at the bottom".</summary>
        public const float Threshold = 48f;

        private float lastOffset;

        public bool Following { get; private set; } = true;

        /// <summary>Cards added while not following.</summary>
        public int NewCards { get; private set; }

        /// <summary>Show the pill when the user scrolled away from the bottom.</summary>
        public bool PillVisible => !Following;

        /// <summary>"↓ Jump to latest" or "↓ 3 new".</summary>
        public string PillText => NewCards > 0 ? "↓ " + NewCards + " new" : "↓ Jump to latest";

        /// <summary>The scroll position changed (by the user or by the view); <paramref name="maxOffset"/> = content height − viewport height.</summary>
        public void OnScrolled(float offset, float maxOffset)
        {
            var atBottom = maxOffset - offset <= Threshold;
            if (atBottom)
            {
                Following = true;
                NewCards = 0;
            }
            else if (offset < lastOffset - 0.5f)
            {
                Following = false;
            }
            lastOffset = offset;
        }

        /// <summary>Cards were appended; true when the view should scroll to the bottom.</summary>
        public bool OnContentAdded(int cards)
        {
            if (Following) return true;
            NewCards += Math.Max(0, cards);
            return false;
        }

        /// <summary>The pill was clicked (or the user sent a prompt): follow again; the view scrolls to the bottom.</summary>
        public void JumpToLatest()
        {
            Following = true;
            NewCards = 0;
        }

        /// <summary>Restore after a domain reload or a chat switch.</summary>
        public void Restore(float offset, bool following)
        {
            lastOffset = offset;
            Following = following;
            NewCards = 0;
        }
    }
}
