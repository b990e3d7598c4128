using System;
using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tools;
using AgentPanel.Core.View;

namespace AgentPanel.Core.Turns
{
    /// <summary>
    /// Turns the chats' events into the Editor's per-turn behaviour: the refresh hold (one recompile per agent turn), the compile
    /// result of each turn and the errors sent back to the agent, and one Undo step per turn. Fed on the main thread with every
    /// event the connection delivers (live and replayed, duplicates already dropped) and with snapshots; its state is persisted
    /// through <see cref="ITurnMemory"/> on every change so a domain reload resumes it.
    /// </summary>
    internal sealed partial class TurnCoordinator
    {
        /// <summary>Memory keys.</summary>
        public const string HoldKey = "AgentPanel.Turns.Hold";
        public const string CompilesKey = "AgentPanel.Turns.Compiles";
        public const string UndoKey = "AgentPanel.Turns.Undo";
        private const int MaxRemembered = 2000;

        private readonly ITurnMemory memory;
        private readonly Func<long> clock;
        // chat → its running turn; "chat\nturn" → prompt; absolute or relative path → asset path; "chat\nturn" → assets written.
        private readonly Dictionary<string, string> running = new Dictionary<string, string>();
        private readonly Dictionary<string, string> prompts = new Dictionary<string, string>();
        private readonly Dictionary<string, string> assetOf = new Dictionary<string, string>();
        private readonly Dictionary<string, HashSet<string>> written = new Dictionary<string, HashSet<string>>();

        public TurnCoordinator(IAssetRefresh refresh, IUndoStack undo, ITurnMemory memory, Func<long> clock)
        {
            this.memory = memory ?? new DictionaryTurnMemory();
            this.clock = clock ?? (() => DateTimeOffset.UtcNow.ToUnixTimeMilliseconds());
            Hold = new RefreshHold(refresh);
            Undo = new TurnUndoBook(undo);
            Hold.Changed += saved => this.memory.Set(HoldKey, saved);
            Hold.Released += turns =>
            {
                if (turns.Count == 0) return;
                Compiles.Refreshed(turns, this.clock());
                SaveCompiles();
            };
        }

        public TurnOptions Options { get; } = new TurnOptions();
        public RefreshHold Hold { get; }
        public TurnCompileBook Compiles { get; } = new TurnCompileBook();
        public TurnUndoBook Undo { get; }
        public AutoFixGuard Guard { get; } = new AutoFixGuard();

        /// <summary>A turn's compile result or Undo state changed (the view redraws the turn cards).</summary>
        public event Action Changed;

        /// <summary>The automatic follow-up decided to send compile errors to a chat (chat id, text); the Editor sends chat.send.</summary>
        public event Action<string, string> AutoFixWanted;

        /// <summary>After a domain reload: take over the saved hold, compile results and Undo groups (main thread).</summary>
        public void Restore(ICollection<string> followedChats)
        {
            Compiles.Restore(memory.Get(CompilesKey), clock());
            Undo.Restore(memory.Get(UndoKey));
            Hold.Restore(memory.Get(HoldKey), followedChats, clock());
            foreach (var pair in Hold.Holders) running[pair.Key] = pair.Value;
            Changed?.Invoke();
        }

        /// <summary>One event of a followed chat (live or replayed).</summary>
        public void OnEvent(string chatId, PanelEvent evt)
        {
            switch (evt)
            {
                case UserMessageEvent user:
                    Remember(prompts, Key(chatId, user.TurnId), user.Text ?? "");
                    Guard.UserMessage(chatId, user.Text);
                    break;
                case TurnStartedEvent started:
                    running[chatId] = started.TurnId;
                    if (Options.OneUndoPerTurn)
                    {
                        prompts.TryGetValue(Key(chatId, started.TurnId), out var prompt);
                        Undo.TurnStarted(chatId, started.TurnId, prompt);
                        SaveUndo();
                    }
                    break;
                case TurnFileWriteEvent write:
                    OnWrite(chatId, write);
                    break;
                case TurnFilesEvent files:
                    foreach (var f in files.Files ?? new List<TurnFileChange>()) RememberAsset(f.Path, f.RelPath, f.AssetPath);
                    break;
                case TurnResultEvent result:
                    EndTurn(chatId, result.TurnId);
                    break;
                case NoticeEvent notice when notice.Code == NoticeCodes.NotLoggedIn:
                    EndTurn(chatId, notice.Data?["turnId"]?.ToString());
                    break;
                case StateEvent state when state.State == ChatStates.Closed || state.State == ChatStates.Errored:
                    ChatGone(chatId);
                    break;
                case FilesRevertedEvent reverted:
                    OnReverted(chatId, reverted);
                    break;
            }
        }

        /// <summary>A snapshot replaced a chat's events: end what it shows ended (its events are not replayed one by one).</summary>
        public void OnSnapshot(string chatId, IEnumerable<PanelEvent> events)
        {
            var open = new HashSet<string>();
            foreach (var evt in events ?? new List<PanelEvent>())
            {
                if (evt is UserMessageEvent user) Remember(prompts, Key(chatId, user.TurnId), user.Text ?? "");
                else if (evt is TurnStartedEvent started) open.Add(started.TurnId);
                else if (evt is TurnResultEvent result) open.Remove(result.TurnId);
                else if (evt is TurnFilesEvent files) foreach (var f in files.Files ?? new List<TurnFileChange>()) RememberAsset(f.Path, f.RelPath, f.AssetPath);
            }
            if (running.TryGetValue(chatId, out var turn) && !open.Contains(turn)) EndTurn(chatId, turn);
        }

        /// <summary>The chat closed, errored, or can no longer be followed: whatever it ran has ended.</summary>
        public void ChatGone(string chatId)
        {
            running.Remove(chatId);
            Guard.Forget(chatId);
            Hold.TurnEnded(chatId);
            Undo.TurnEnded(chatId);
            SaveUndo();
            Changed?.Invoke();
        }

        /// <summary>The connection dropped (the safety clock of a hold starts).</summary>
        public void Disconnected() => Hold.Disconnected(clock());

        /// <summary>The sidecar answered again.</summary>
        public void Connected() => Hold.Connected();

        /// <summary>The panel session stopped (window closed): nobody will report the turns' ends, so release now.</summary>
        public void Stop()
        {
            foreach (var chat in new List<string>(running.Keys)) Undo.TurnEnded(chat);
            running.Clear();
            Hold.Cancel();
            SaveUndo();
        }

        /// <summary>Batching was turned on or off; off releases a running hold at once.</summary>
        public void SetBatching(bool on)
        {
            Options.BatchRecompiles = on;
            if (!on) Hold.Cancel();
        }

        /// <summary>Per Editor update: the hold's safety release and the "nothing to compile" check.</summary>
        public void Tick(bool compiling)
        {
            var now = clock();
            var changed = Hold.Tick(now);
            if (Compiles.Tick(now, compiling))
            {
                SaveCompiles();
                changed = true;
            }
            if (changed) Changed?.Invoke();
        }

        private void OnWrite(string chatId, TurnFileWriteEvent write)
        {
            RememberAsset(write.Path, write.RelPath, write.AssetPath);
            if (string.IsNullOrEmpty(write.AssetPath)) return;
            // The sidecar sends it only while a turn runs: it is also the evidence after a reload that lost the turn_started.
            running[chatId] = write.TurnId;
            var key = Key(chatId, write.TurnId);
            if (!written.TryGetValue(key, out var set))
            {
                if (written.Count >= MaxRemembered) written.Clear();
                written[key] = set = new HashSet<string>(StringComparer.Ordinal);
            }
            set.Add(write.AssetPath);
            if (Options.BatchRecompiles) Hold.AssetWrite(chatId, write.TurnId);
        }

        private void EndTurn(string chatId, string turnId)
        {
            if (turnId == null) return;
            if (running.TryGetValue(chatId, out var current) && current == turnId) running.Remove(chatId);
            Hold.TurnEnded(chatId, turnId);
            Undo.TurnEnded(chatId, turnId);
            SaveUndo();
            Changed?.Invoke();
        }

        private void OnReverted(string chatId, FilesRevertedEvent reverted)
        {
            var anyAsset = false;
            foreach (var path in reverted.Restored ?? new List<string>()) anyAsset |= IsAsset(path);
            if (!anyAsset) return;
            if (Hold.State == HoldState.Idle && reverted.TurnId != null)
            {
                Compiles.Refreshed(new[] { new KeyValuePair<string, string>(chatId, reverted.TurnId) }, clock());
                SaveCompiles();
            }
            Hold.AssetsReverted();
            Changed?.Invoke();
        }

        private bool IsAsset(string path)
        {
            if (string.IsNullOrEmpty(path)) return false;
            if (assetOf.TryGetValue(path, out var asset)) return asset.Length > 0;
            var p = path.Replace('\\', '/');
            return p.StartsWith("Assets/", StringComparison.Ordinal) || p.StartsWith("Packages/", StringComparison.Ordinal);
        }

        private void RememberAsset(string path, string relPath, string assetPath)
        {
            var asset = assetPath ?? "";
            if (!string.IsNullOrEmpty(path)) Remember(assetOf, path, asset);
            if (!string.IsNullOrEmpty(relPath)) Remember(assetOf, relPath, asset);
        }

        private static void Remember(Dictionary<string, string> map, string key, string value)
        {
            if (map.Count >= MaxRemembered && !map.ContainsKey(key)) map.Clear();
            map[key] = value;
        }

        private static string Key(string chatId, string turnId) => chatId + "\n" + turnId;

        private void SaveUndo() => memory.Set(UndoKey, Undo.Save());

        private void SaveCompiles() => memory.Set(CompilesKey, Compiles.Save());
    }
}
