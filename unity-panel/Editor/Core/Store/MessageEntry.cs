using System.Collections.Generic;
using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.Store
{
    /// <summary>One assistant message inside a transcript: its block cards by index (streamed, then replaced by the final).</summary>
    internal sealed class MessageEntry
    {
        private readonly SortedDictionary<int, BlockCard> blocks = new SortedDictionary<int, BlockCard>();
        private NoticeCard errorCard;

        public MessageEntry(string messageId, string turnId)
        {
            MessageId = messageId;
            TurnId = turnId;
        }

        public string MessageId { get; }
        public string TurnId { get; set; }
        public string Model { get; set; }
        public bool Final { get; private set; }

        /// <summary>Add streamed text; true when a new block card appeared.</summary>
        public bool AppendDelta(MessageDeltaEvent delta)
        {
            if (Final) return false;
            var added = false;
            if (!blocks.TryGetValue(delta.Index, out var card))
            {
                card = NewBlock(delta.Kind, delta.Index);
                blocks[delta.Index] = card;
                added = true;
            }
            card.Text += delta.Text ?? "";
            card.Touch();
            return added;
        }

        /// <summary>Replace the streamed blocks with the final ones (cards of the same index keep their identity).</summary>
        public void ApplyFinal(MessageFinalEvent final)
        {
            Final = true;
            TurnId = final.TurnId;
            var next = new SortedDictionary<int, BlockCard>();
            foreach (var block in final.Blocks)
            {
                var kind = block.Kind == PanelBlock.ThinkingKind ? CardKind.Thinking : CardKind.AssistantText;
                if (!blocks.TryGetValue(block.Index, out var card) || card.Kind != kind) card = NewBlock(block.Kind, block.Index);
                card.Text = block.Text ?? "";
                card.TurnId = final.TurnId;
                card.Final = true;
                card.Aborted = final.Aborted;
                card.Error = final.Error;
                if (card is AssistantTextCard text) text.Blocks = block.Unity;
                card.Touch();
                next[block.Index] = card;
            }
            blocks.Clear();
            foreach (var pair in next) blocks[pair.Key] = pair.Value;
            errorCard = null;
            if (blocks.Count == 0 && (final.Error != null || final.Aborted))
            {
                errorCard = new NoticeCard("msg:" + MessageId + ":error")
                {
                    Level = final.Error != null ? NoticeEvent.Error : NoticeEvent.Info,
                    Code = final.Error != null ? "message_error" : "message_aborted",
                    Message = final.Error ?? "Interrupted before any text.",
                };
            }
        }

        /// <summary>Append this message's cards in display order.</summary>
        public void AppendCards(List<Card> into)
        {
            foreach (var card in blocks.Values) into.Add(card);
            if (errorCard != null) into.Add(errorCard);
        }

        private BlockCard NewBlock(string kind, int index)
        {
            BlockCard card = kind == PanelBlock.ThinkingKind ? (BlockCard)new ThinkingCard(MessageId, index) : new AssistantTextCard(MessageId, index);
            card.TurnId = TurnId;
            return card;
        }
    }
}
