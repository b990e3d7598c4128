using System.Collections.Generic;
using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.Store
{
    /// <summary>
    /// One chat as the panel shows it: applies numbered events to cards and status. Duplicate seqs are ignored (a repeated
    /// pending permission request is re-applied harmlessly), and a snapshot rebuilds the same state as the live stream.
    /// </summary>
    internal sealed partial class ChatModel
    {
        private readonly Dictionary<string, Transcript> nested = new Dictionary<string, Transcript>();
        private readonly Dictionary<string, MessageEntry> messages = new Dictionary<string, MessageEntry>();
        private readonly Dictionary<string, Transcript> messageHome = new Dictionary<string, Transcript>();
        private readonly Dictionary<string, SubagentCard> subagentByTool = new Dictionary<string, SubagentCard>();
        // Kept as events arrive, so the views that ask on every change (tabs, badge, permission bar) never scan the transcript.
        private readonly List<PermissionCard> pending = new List<PermissionCard>();
        // Tool use id → its permission request, so a settled request folds into the tool's card whichever arrives last.
        private readonly Dictionary<string, PermissionCard> permissionOfTool = new Dictionary<string, PermissionCard>();
        private List<PanelEvent> log = new List<PanelEvent>();
        private int compactedLength;
        private int notices;

        public ChatModel(string chatId)
        {
            ChatId = chatId;
            Root = NewTranscript(null);
        }

        public string ChatId { get; }

        /// <summary>Seq of the last event applied (0 = none).</summary>
        public long LastSeq { get; private set; }

        /// <summary>Grows with every applied event or snapshot.</summary>
        public int Revision { get; private set; }

        public ChatStatus Status { get; private set; } = new ChatStatus();

        /// <summary>The chat's own transcript.</summary>
        public Transcript Root { get; private set; }

        /// <summary>The chat's cards in display order.</summary>
        public IReadOnlyList<Card> Cards => Root.Cards;

        /// <summary>Why the chat can no longer be followed (closed elsewhere, sidecar restarted); null while live.</summary>
        public AgentPanelException Lost { get; internal set; }

        /// <summary>The transcript of the subagent started by tool call <paramref name="parentToolUseId"/>, or null.</summary>
        public Transcript Nested(string parentToolUseId)
        {
            return parentToolUseId != null && nested.TryGetValue(parentToolUseId, out var t) ? t : null;
        }

        /// <summary>Permission cards nobody answered yet, oldest first.</summary>
        public List<PermissionCard> PendingPermissions()
        {
            return new List<PermissionCard>(pending);
        }

        /// <summary>Apply one live or replayed event; false when it was a duplicate and nothing changed.</summary>
        public bool Apply(long seq, PanelEvent evt)
        {
            if (seq <= LastSeq)
            {
                if (!(evt is PermissionRequestedEvent)) return false;
                ApplyEvent(evt);
                Revision++;
                return true;
            }
            ApplyEvent(evt);
            log.Add(evt);
            if (log.Count > 2 * compactedLength + 512) ExportEvents();
            LastSeq = seq;
            Revision++;
            return true;
        }

        /// <summary>The chat so far as a compacted event list (what a snapshot would hold), e.g. to save across a domain reload.</summary>
        public List<PanelEvent> ExportEvents()
        {
            log = EventCompactor.Compact(log);
            compactedLength = log.Count;
            return new List<PanelEvent>(log);
        }

        /// <summary>Replace everything with a snapshot (a compacted event list covering events up to <paramref name="seq"/>).</summary>
        public void ApplySnapshot(long seq, IEnumerable<PanelEvent> events)
        {
            Reset();
            foreach (var evt in events)
            {
                ApplyEvent(evt);
                log.Add(evt);
            }
            compactedLength = log.Count;
            LastSeq = seq;
            Revision++;
        }

        /// <summary>Forget all state (the next snapshot or replay from seq 1 rebuilds it).</summary>
        public void Reset()
        {
            nested.Clear();
            messages.Clear();
            messageHome.Clear();
            subagentByTool.Clear();
            pending.Clear();
            permissionOfTool.Clear();
            notices = 0;
            log = new List<PanelEvent>();
            compactedLength = 0;
            Status = new ChatStatus();
            Root = NewTranscript(null);
            LastSeq = 0;
            Revision++;
        }

        private Transcript NewTranscript(string parent)
        {
            return new Transcript(parent, toolUseId => subagentByTool.TryGetValue(toolUseId, out var s) ? s : null);
        }

        private Transcript TranscriptFor(string parentToolUseId)
        {
            if (parentToolUseId == null) return Root;
            if (!nested.TryGetValue(parentToolUseId, out var transcript)) nested[parentToolUseId] = transcript = NewTranscript(parentToolUseId);
            return transcript;
        }
    }
}
