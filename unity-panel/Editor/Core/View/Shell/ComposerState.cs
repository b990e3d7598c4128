using System.Collections.Generic;
using AgentPanel.Core.Store;

namespace AgentPanel.Core.View
{
    /// <summary>
    /// The composer's state apart from UI Toolkit: one draft per chat (kept across chat switches and domain reloads), whether a send
    /// awaits its answer, the prompts queued behind the running turn, and whether the button reads Send or Stop.
    /// </summary>
    internal sealed class ComposerState
    {
        /// <summary>Draft key when no chat is shown (the first prompt opens a chat).</summary>
        public const string NoChat = "";

        private readonly Dictionary<string, string> drafts = new Dictionary<string, string>();

        /// <summary>The chat the composer writes to (<see cref="NoChat"/> when none).</summary>
        public string ChatId { get; private set; } = NoChat;

        /// <summary>True while the shown chat runs a turn: the button reads Stop and Esc interrupts.</summary>
        public bool Busy { get; private set; }

        /// <summary>True while a send waits for the sidecar's answer (a second Enter is ignored meanwhile).</summary>
        public bool Sending { get; private set; }

        /// <summary>False while the sidecar is not connected (the button is disabled).</summary>
        public bool Connected { get; private set; }

        /// <summary>Texts of prompts sent while a turn ran, waiting their turn (oldest first).</summary>
        public List<string> Queued { get; } = new List<string>();

        /// <summary>The draft of the current chat.</summary>
        public string Draft
        {
            get => drafts.TryGetValue(ChatId, out var text) ? text : "";
            set
            {
                if (string.IsNullOrEmpty(value)) drafts.Remove(ChatId);
                else drafts[ChatId] = value;
            }
        }

        /// <summary>Every non-empty draft by chat id (for the window's reload memory).</summary>
        public IReadOnlyDictionary<string, string> Drafts => drafts;

        public string ButtonLabel => Busy ? "Stop" : "Send";
        public string ButtonTooltip => Busy ? "Stop the running turn (Esc)" : "Send";
        public bool ButtonEnabled => Connected && (Busy || !Sending);

        /// <summary>"2 messages queued: they run after the current turn", or "" when none.</summary>
        public string QueuedText => Queued.Count == 0 ? "" : (Queued.Count == 1 ? "1 message queued" : Queued.Count + " messages queued") + ": sent when the current turn ends";

        /// <summary>Show another chat's draft.</summary>
        public void SwitchTo(string chatId)
        {
            ChatId = chatId ?? NoChat;
            Sending = false;
        }

        /// <summary>Put back drafts saved before a domain reload (the current ones win).</summary>
        public void RestoreDrafts(IDictionary<string, string> saved)
        {
            if (saved == null) return;
            foreach (var pair in saved)
            {
                if (pair.Key != null && !string.IsNullOrEmpty(pair.Value) && !drafts.ContainsKey(pair.Key)) drafts[pair.Key] = pair.Value;
            }
        }

        /// <summary>Forget the draft of a chat that was closed.</summary>
        public void Forget(string chatId)
        {
            if (chatId != null) drafts.Remove(chatId);
        }

        /// <summary>Follow the shown chat: busy state and queued prompts.</summary>
        public void Update(ChatModel chat, bool connected)
        {
            Connected = connected;
            Busy = chat != null && chat.Lost == null && chat.Status.Busy;
            Queued.Clear();
            if (chat == null) return;
            foreach (var card in chat.Cards)
            {
                if (card is UserMessageCard user && user.Queued) Queued.Add(user.Text ?? "");
            }
        }

        /// <summary>Take the draft to send it: null when there is nothing to send or a send is in flight; otherwise clears the draft.</summary>
        public string TakeForSend()
        {
            var text = Draft;
            if (Sending || !Connected || string.IsNullOrWhiteSpace(text)) return null;
            Draft = "";
            Sending = true;
            return text;
        }

        /// <summary>A send ended; when it failed the text comes back unless the user typed something new meanwhile.</summary>
        public void SendFinished(string chatId, string text, bool sent)
        {
            if (chatId == ChatId) Sending = false;
            if (sent || string.IsNullOrEmpty(text)) return;
            var key = chatId ?? NoChat;
            if (!drafts.TryGetValue(key, out var now) || now.Length == 0) drafts[key] = text;
        }
    }
}
