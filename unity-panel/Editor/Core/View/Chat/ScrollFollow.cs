using System;

namespace AgentPanel.Core.View
{
    /// <summary>
    /// Stick-to-bottom logic of the message list: it follows new content while the view is within <see cref="Threshold"/> of the
    /// bottom; scrolling up stops following and shows the "jump to latest" pill with the number of cards added since.
    /// Content growing under a following view does not stop following (only a move up does). A saved position is restored only
    /// once the content is laid out (before that the scroller clamps every offset to 0, which would look like "at the bottom").
    /// </summary>
    internal sealed class ScrollFollow
    {
        /// <summary>Distance from the bottom (pixels) that still counts as "at the bottom".</summary>
        public const float Threshold = 48f;

        private float lastOffset;

        public bool Following { get; private set; } = true;

        /// <summary>Cards added while not following.</summary>
        public int NewCards { get; private set; }

        /// <summary>An offset (or distance from the bottom) waiting for the content's layout; null when none.</summary>
        public float? PendingRestore { get; private set; }

        /// <summary>True when <see cref="PendingRestore"/> counts from the bottom (older content was prepended above).</summary>
        public bool PendingFromBottom { get; private set; }

        /// <summary>Show the pill when the user scrolled away from the bottom.</summary>
        public bool PillVisible => !Following;

        /// <summary>"↓ Jump to latest" or "↓ 3 new".</summary>
        public string PillText => NewCards > 0 ? "↓ " + NewCards + " new" : "↓ Jump to latest";

        /// <summary>The scroll position changed (by the user or by the view); <paramref name="maxOffset"/> = content height − viewport height.</summary>
        public void OnScrolled(float offset, float maxOffset)
        {
            // While a restore waits for the layout, scroll events are the scroller clamping to the empty content: not the user.
            if (PendingRestore.HasValue) return;
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
            PendingRestore = null;
        }

        /// <summary>What to save for this view at <paramref name="offset"/>: null while following the bottom (restoring null follows again).</summary>
        public float? SavedOffset(float offset)
        {
            if (PendingRestore.HasValue && !PendingFromBottom) return PendingRestore;
            return Following ? (float?)null : offset;
        }

        /// <summary>
        /// Restore a saved position (after a domain reload, a chat switch, or "Load older" with <paramref name="fromBottom"/>):
        /// null follows the bottom; an offset waits for <see cref="TakeRestore"/> once the content is laid out.
        /// </summary>
        public void BeginRestore(float? offset, bool fromBottom = false)
        {
            NewCards = 0;
            if (!offset.HasValue || float.IsNaN(offset.Value) || offset.Value < 0)
            {
                JumpToLatest();
                return;
            }
            Following = false;
            PendingRestore = offset.Value;
            PendingFromBottom = fromBottom;
        }

        /// <summary>
        /// The content is laid out (<paramref name="maxOffset"/> = content height − viewport height, ≤ 0 when it fits): the offset to
        /// scroll to now, or null when nothing waits. A position at (or past) the bottom follows again.
        /// </summary>
        public float? TakeRestore(float maxOffset)
        {
            if (!PendingRestore.HasValue) return null;
            var max = Math.Max(0, maxOffset);
            var wanted = PendingFromBottom ? max - PendingRestore.Value : PendingRestore.Value;
            var offset = Math.Max(0, Math.Min(wanted, max));
            PendingRestore = null;
            PendingFromBottom = false;
            lastOffset = offset;
            if (max - offset <= Threshold)
            {
                Following = true;
                NewCards = 0;
            }
            return offset;
        }

        /// <summary>Restore after a domain reload or a chat switch.</summary>
        public void Restore(float offset, bool following)
        {
            PendingRestore = null;
            lastOffset = offset;
            Following = following;
            NewCards = 0;
        }
    }
}
