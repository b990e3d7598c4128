using System;
using System.Collections.Generic;

namespace AgentPanel.Core.Turns
{
    /// <summary>The asset refresh calls the hold needs: UnityEditor.AssetDatabase in the Editor, a counting fake in tests and the bench.</summary>
    internal interface IAssetRefresh
    {
        /// <summary>Stop importing (and compiling) by itself until the matching <see cref="AllowAutoRefresh"/>.</summary>
        void DisallowAutoRefresh();

        /// <summary>Balance one <see cref="DisallowAutoRefresh"/>.</summary>
        void AllowAutoRefresh();

        /// <summary>Import what changed now (which compiles changed scripts).</summary>
        void Refresh();
    }

    /// <summary>The two states of the hold.</summary>
    internal enum HoldState
    {
        /// <summary>Auto refresh is Unity's own.</summary>
        Idle,
        /// <summary>One DisallowAutoRefresh is outstanding for one or more running agent turns.</summary>
        Holding,
    }

    /// <summary>What moves the hold.</summary>
    internal enum HoldTrigger
    {
        /// <summary>A running turn is about to write an asset (turn_file_write with an assetPath).</summary>
        AssetWrite,
        /// <summary>A holding turn ended, another still holds.</summary>
        HolderEnded,
        /// <summary>The last holding turn ended (turn_result, chat closed, errored or lost).</summary>
        LastHolderEnded,
        /// <summary>Nothing showed a holding turn still runs for <see cref="RefreshHold.SafetyMs"/> while disconnected.</summary>
        SafetyTimeout,
        /// <summary>Batching was turned off, or the panel session stopped.</summary>
        Cancel,
        /// <summary>A revert put files back (files_reverted with an asset among them).</summary>
        AssetsReverted,
        /// <summary>After a domain reload: the hold saved before it is taken over.</summary>
        Restore,
    }

    /// <summary>A transition the table does not allow (a bug in the caller, never the sidecar's fault).</summary>
    internal sealed class HoldTransitionException : InvalidOperationException
    {
        public HoldTransitionException(HoldState from, HoldTrigger trigger)
            : base($"The refresh hold cannot take '{trigger}' while {from}.")
        {
            From = from;
            Trigger = trigger;
        }

        public HoldState From { get; }
        public HoldTrigger Trigger { get; }
    }

    /// <summary>
    /// One recompile per agent turn: while any chat's turn that is writing assets runs, Unity's auto refresh is held (one
    /// DisallowAutoRefresh for the whole hold, however many chats hold it); when the last such turn ends it is released (one
    /// AllowAutoRefresh) and exactly one Refresh is requested. The held turns are persisted (<see cref="Save"/>) so a domain
    /// reload in the middle neither leaks nor doubles the Disallow, which Unity keeps counting natively across reloads.
    /// </summary>
    internal sealed class RefreshHold
    {
        /// <summary>How long a hold may outlive the connection (or a restore with no sidecar) before it is released anyway.</summary>
        public const long SafetyMs = 120000;

        private static readonly Dictionary<(HoldState, HoldTrigger), HoldState> Table = new Dictionary<(HoldState, HoldTrigger), HoldState>
        {
            { (HoldState.Idle, HoldTrigger.AssetWrite), HoldState.Holding },
            { (HoldState.Holding, HoldTrigger.AssetWrite), HoldState.Holding },
            { (HoldState.Holding, HoldTrigger.HolderEnded), HoldState.Holding },
            { (HoldState.Holding, HoldTrigger.LastHolderEnded), HoldState.Idle },
            { (HoldState.Holding, HoldTrigger.SafetyTimeout), HoldState.Idle },
            { (HoldState.Holding, HoldTrigger.Cancel), HoldState.Idle },
            { (HoldState.Idle, HoldTrigger.AssetsReverted), HoldState.Idle },
            { (HoldState.Holding, HoldTrigger.AssetsReverted), HoldState.Holding },
            { (HoldState.Idle, HoldTrigger.Restore), HoldState.Holding },
        };

        private readonly IAssetRefresh editor;
        // chat id → the turn of that chat that holds (a chat runs one turn at a time).
        private readonly Dictionary<string, string> holders = new Dictionary<string, string>();
        // Every turn that held during the current hold, ended ones included: the compile result belongs to all of them.
        private readonly List<KeyValuePair<string, string>> heldFor = new List<KeyValuePair<string, string>>();
        private long? unconfirmedSince;

        public RefreshHold(IAssetRefresh editor)
        {
            this.editor = editor ?? throw new ArgumentNullException(nameof(editor));
        }

        public HoldState State { get; private set; } = HoldState.Idle;

        /// <summary>The turns holding now, by chat.</summary>
        public IReadOnlyDictionary<string, string> Holders => holders;

        /// <summary>Refreshes requested so far (a counter for tests, the bench and diagnostics).</summary>
        public int RefreshesRequested { get; private set; }

        /// <summary>The hold was released and one refresh requested: the turns it held for (by chat), to attach the compile result to.</summary>
        public event Action<IReadOnlyList<KeyValuePair<string, string>>> Released;

        /// <summary>The persisted form changed (the Editor writes it to SessionState).</summary>
        public event Action<string> Changed;

        /// <summary>Whether a transition is in the table.</summary>
        public static bool Allows(HoldState from, HoldTrigger trigger) => Table.ContainsKey((from, trigger));

        /// <summary>A running turn of <paramref name="chatId"/> is about to write a project asset.</summary>
        public void AssetWrite(string chatId, string turnId)
        {
            if (string.IsNullOrEmpty(chatId)) throw new ArgumentException("a chat id is required", nameof(chatId));
            var from = Move(HoldTrigger.AssetWrite);
            holders[chatId] = turnId ?? "";
            var turn = new KeyValuePair<string, string>(chatId, turnId ?? "");
            if (!heldFor.Contains(turn)) heldFor.Add(turn);
            if (from == HoldState.Idle) editor.DisallowAutoRefresh();
            Persist();
        }

        /// <summary>A turn of <paramref name="chatId"/> ended (null turn: whatever it ran, e.g. the chat closed or was lost).</summary>
        public void TurnEnded(string chatId, string turnId = null)
        {
            if (chatId == null || !holders.TryGetValue(chatId, out var held)) return;
            if (turnId != null && held.Length > 0 && held != turnId) return;
            holders.Remove(chatId);
            if (holders.Count > 0)
            {
                Move(HoldTrigger.HolderEnded);
                Persist();
                return;
            }
            Release(HoldTrigger.LastHolderEnded);
        }

        /// <summary>The connection to the sidecar dropped, or the Editor came back from a domain reload without one: start the safety clock.</summary>
        public void Disconnected(long nowMs)
        {
            if (State == HoldState.Holding && unconfirmedSince == null) unconfirmedSince = nowMs;
        }

        /// <summary>The sidecar answers again (its replay and the chats' losses will end the held turns): stop the safety clock.</summary>
        public void Connected()
        {
            unconfirmedSince = null;
        }

        /// <summary>Called on every Editor update: releases a hold nobody could confirm for <see cref="SafetyMs"/>.</summary>
        public bool Tick(long nowMs)
        {
            if (State != HoldState.Holding || unconfirmedSince == null || nowMs - unconfirmedSince.Value < SafetyMs) return false;
            Release(HoldTrigger.SafetyTimeout);
            return true;
        }

        /// <summary>Release now (batching turned off, the panel session stopped); a no-op when idle.</summary>
        public void Cancel()
        {
            if (State == HoldState.Holding) Release(HoldTrigger.Cancel);
        }

        /// <summary>A revert put assets back: refresh now, or with the release when a hold is on.</summary>
        public void AssetsReverted()
        {
            var from = Move(HoldTrigger.AssetsReverted);
            if (from == HoldState.Idle) RequestRefresh();
        }

        /// <summary>The persisted form: one "chat&lt;TAB&gt;turn" line per held turn ("" = idle).</summary>
        public string Save()
        {
            if (State == HoldState.Idle) return "";
            var lines = new List<string>();
            foreach (var pair in holders) lines.Add(pair.Key + "\t" + pair.Value);
            return string.Join("\n", lines);
        }

        /// <summary>
        /// After a domain reload: take over the hold saved before it (Unity still counts its Disallow). Holders whose chat this
        /// Editor no longer follows are dropped at once (nobody would tell us they ended); if none is left the hold is released
        /// (one Allow, one Refresh). Otherwise the safety clock runs until the sidecar answers.
        /// </summary>
        public void Restore(string saved, ICollection<string> followedChats, long nowMs)
        {
            var held = Parse(saved);
            if (held.Count == 0) return;
            Move(HoldTrigger.Restore);
            foreach (var pair in held)
            {
                holders[pair.Key] = pair.Value;
                heldFor.Add(pair);
            }
            var orphans = new List<string>();
            foreach (var chat in holders.Keys)
            {
                if (followedChats == null || !followedChats.Contains(chat)) orphans.Add(chat);
            }
            unconfirmedSince = nowMs;
            foreach (var chat in orphans) TurnEnded(chat);
            if (State == HoldState.Holding) Persist();
        }

        private static Dictionary<string, string> Parse(string saved)
        {
            var parsed = new Dictionary<string, string>();
            foreach (var line in (saved ?? "").Split('\n'))
            {
                var tab = line.IndexOf('\t');
                if (tab > 0) parsed[line.Substring(0, tab)] = line.Substring(tab + 1);
            }
            return parsed;
        }

        private void Release(HoldTrigger trigger)
        {
            Move(trigger);
            var released = new List<KeyValuePair<string, string>>(heldFor);
            heldFor.Clear();
            holders.Clear();
            unconfirmedSince = null;
            editor.AllowAutoRefresh();
            Persist();
            RequestRefresh();
            Released?.Invoke(released);
        }

        private void RequestRefresh()
        {
            RefreshesRequested++;
            editor.Refresh();
        }

        // The guard: every change of State goes through the table; an undefined transition throws.
        private HoldState Move(HoldTrigger trigger)
        {
            var from = State;
            if (!Table.TryGetValue((from, trigger), out var to)) throw new HoldTransitionException(from, trigger);
            State = to;
            return from;
        }

        private void Persist() => Changed?.Invoke(Save());
    }
}
