using System.Collections.Generic;
using AgentPanel.Core.Tools;
using Newtonsoft.Json;

namespace AgentPanel.Core.Turns
{
    /// <summary>What "Undo this turn" would do.</summary>
    internal enum TurnUndoAction
    {
        /// <summary>Nothing to undo: the turn recorded no Editor change, it is still running, or it was undone already.</summary>
        None,
        /// <summary>The turn's group is the newest on the stack: one Edit > Undo.</summary>
        UndoOnce,
        /// <summary>Things were changed after the turn: ask first, then revert everything down to the turn's group.</summary>
        ConfirmRevert,
    }

    /// <summary>The decision for one turn's "Undo this turn", with the words of the confirmation.</summary>
    internal sealed class TurnUndoPlan
    {
        public TurnUndoAction Action;
        public int Group;
        public string ChatId;
        public string TurnId;
        /// <summary>The confirmation text (ConfirmRevert only).</summary>
        public string Confirm = "";
    }

    /// <summary>One agent turn's Undo group.</summary>
    internal sealed class TurnUndoEntry
    {
        public string ChatId;
        public string TurnId;
        public int Group;
        public string Name;
        public bool Open;
        /// <summary>Editor changes recorded while the turn ran.</summary>
        public int Changes;
        /// <summary>The group was collapsed into one step (something was recorded).</summary>
        public bool Recorded;
        /// <summary>Something was recorded after the turn's step.</summary>
        public bool ChangedSince;
        public bool Undone;
    }

    /// <summary>
    /// One Undo step per agent turn: at turn_started a group named after the prompt is opened; every Editor change recorded
    /// until turn_result (the tool calls' own groups, and anything else) is collapsed into it when the turn ends, if anything
    /// was recorded. Turns of two chats that overlap share the first one's group (Unity's stack is one line: collapsing the
    /// outer group would swallow the inner one anyway), collapsed when the last of them ends. Kept across domain reloads.
    /// </summary>
    internal sealed class TurnUndoBook
    {
        /// <summary>Prompt characters in the group's name.</summary>
        public const int NameChars = 40;
        /// <summary>Turns remembered (oldest dropped).</summary>
        public const int MaxKept = 50;

        private readonly IUndoStack undo;
        private List<TurnUndoEntry> entries = new List<TurnUndoEntry>();

        public TurnUndoBook(IUndoStack undo)
        {
            this.undo = undo ?? throw new System.ArgumentNullException(nameof(undo));
        }

        /// <summary>Grows on every change (the view redraws the turn cards then).</summary>
        public int Version { get; private set; }

        /// <summary>"Agent turn: " and the first <see cref="NameChars"/> characters of the prompt on one line.</summary>
        public static string GroupName(string prompt)
        {
            var text = (prompt ?? "").Replace("\r", " ").Replace('\n', ' ').Trim();
            while (text.Contains("  ")) text = text.Replace("  ", " ");
            if (text.Length > NameChars) text = text.Substring(0, NameChars).TrimEnd() + "…";
            return text.Length == 0 ? "Agent turn" : "Agent turn: " + text;
        }

        /// <summary>The entry of one turn, or null.</summary>
        public TurnUndoEntry Get(string chatId, string turnId) => entries.FindLast(e => e.ChatId == chatId && e.TurnId == turnId);

        /// <summary>A turn began: open its group, or join the group of a turn still running in another chat.</summary>
        public void TurnStarted(string chatId, string turnId, string prompt)
        {
            if (Get(chatId, turnId) != null) return;
            var running = entries.Find(e => e.Open);
            var entry = new TurnUndoEntry { ChatId = chatId, TurnId = turnId, Open = true, Name = running?.Name ?? GroupName(prompt) };
            entry.Group = running?.Group ?? undo.Begin(entry.Name);
            entries.Add(entry);
            while (entries.Count > MaxKept && !entries[0].Open) entries.RemoveAt(0);
            Version++;
        }

        /// <summary>An Editor change was recorded (ObjectChangeEvents): it belongs to the running turns, or comes after the finished ones.</summary>
        public void Changed()
        {
            var any = entries.Exists(e => e.Open);
            foreach (var e in entries)
            {
                if (e.Open) e.Changes++;
                else if (e.Recorded && !e.Undone && !e.ChangedSince && !any) e.ChangedSince = true;
            }
            Version++;
        }

        /// <summary>A turn ended (null turn: whatever the chat ran): when its group has no running turn left, collapse it if anything was recorded.</summary>
        public void TurnEnded(string chatId, string turnId = null)
        {
            var entry = entries.FindLast(e => e.ChatId == chatId && e.Open && (turnId == null || e.TurnId == turnId));
            if (entry == null) return;
            entry.Open = false;
            Version++;
            var group = entries.FindAll(e => e.Group == entry.Group);
            if (group.Exists(e => e.Open)) return;
            var changes = 0;
            group.ForEach(e => changes += e.Changes);
            if (changes == 0) return;
            undo.End(entry.Group, entry.Name);
            group.ForEach(e => e.Recorded = true);
        }

        /// <summary>What "Undo this turn" does for this turn now.</summary>
        public TurnUndoPlan Plan(string chatId, string turnId)
        {
            var entry = Get(chatId, turnId);
            var plan = new TurnUndoPlan { ChatId = chatId, TurnId = turnId, Action = TurnUndoAction.None };
            if (entry == null || entry.Open || !entry.Recorded || entry.Undone) return plan;
            plan.Group = entry.Group;
            var later = entries.Exists(e => e.Group > entry.Group && (e.Open || (e.Recorded && !e.Undone)));
            var shared = entries.FindAll(e => e.Group == entry.Group && e != entry).Count;
            if (!entry.ChangedSince && !later && shared == 0)
            {
                plan.Action = TurnUndoAction.UndoOnce;
                return plan;
            }
            plan.Action = TurnUndoAction.ConfirmRevert;
            var why = new List<string>();
            if (entry.ChangedSince || later) why.Add("things were changed in the Editor after this turn; undoing it also undoes those changes");
            if (shared > 0) why.Add("another chat's turn ran at the same time and shares this Undo step; it is undone too");
            plan.Confirm = "Undo \"" + entry.Name + "\"? " + Capital(string.Join(", and ", why)) + ".";
            return plan;
        }

        /// <summary>Carry out a plan (after the user confirmed a ConfirmRevert).</summary>
        public void Perform(TurnUndoPlan plan)
        {
            if (plan == null || plan.Action == TurnUndoAction.None) return;
            if (plan.Action == TurnUndoAction.UndoOnce) undo.PerformUndo();
            else undo.RevertAllDownToGroup(plan.Group);
            foreach (var e in entries)
            {
                if (e.Group >= plan.Group && !e.Open) e.Undone = true;
            }
            Version++;
        }

        /// <summary>The entries as JSON (for SessionState).</summary>
        public string Save() => JsonConvert.SerializeObject(entries);

        /// <summary>Take over what was saved before a domain reload (Unity's Undo stack survives it).</summary>
        public void Restore(string saved)
        {
            if (string.IsNullOrEmpty(saved)) return;
            try
            {
                entries = JsonConvert.DeserializeObject<List<TurnUndoEntry>>(saved) ?? new List<TurnUndoEntry>();
            }
            catch (JsonException)
            {
                entries = new List<TurnUndoEntry>();
            }
            Version++;
        }

        private static string Capital(string s) => s.Length == 0 ? s : char.ToUpperInvariant(s[0]) + s.Substring(1);
    }
}
