using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Newtonsoft.Json.Linq;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Turns;

namespace AgentPanel.Bench
{
    /// <summary>
    /// The Editor as the bench counts it: an explicit Refresh is one refresh; a file landing under Assets/ while auto refresh is
    /// not held is one more (Unity's own auto refresh imports and compiles it).
    /// </summary>
    internal sealed class CountingEditor : IAssetRefresh
    {
        private int held;

        public int Refreshes { get; private set; }

        public void DisallowAutoRefresh() => held++;

        public void AllowAutoRefresh() => held--;

        public void Refresh() => Refreshes++;

        /// <summary>claude's write landed on disk.</summary>
        public void FileLanded()
        {
            if (held == 0) Refreshes++;
        }

        public bool Balanced => held == 0;
    }

    /// <summary>Replays the scripted turn and prints the counted refreshes, batched and unbatched.</summary>
    internal static class Program
    {
        private const int Files = 10;

        /// <summary>No argument: the scripted turn. One argument: a JSON array of chat events recorded from a real run (bench/turn-files.ts).</summary>
        private static int Main(string[] args)
        {
            var recorded = args.Length > 0 ? Recorded(args[0]) : null;
            var batched = recorded == null ? Replay(true, out var balancedOn) : ReplayRecorded(recorded, true, out balancedOn);
            var unbatched = recorded == null ? Replay(false, out var balancedOff) : ReplayRecorded(recorded, false, out balancedOff);
            var files = recorded == null ? Files : recorded.OfType<TurnFileWriteEvent>().Count(w => w.AssetPath != null);
            if (!balancedOn || !balancedOff)
            {
                Console.Error.WriteLine("the hold was not balanced (Disallow without Allow)");
                return 1;
            }
            var ratio = batched == 0 ? "n/a" : (unbatched / (double)batched).ToString("0.#") + "x fewer";
            Console.WriteLine($"refresh requests for a {files}-file agent turn{(recorded == null ? "" : " (recorded)")}: batched {batched}, unbatched {unbatched} ({ratio})");
            return 0;
        }

        private static List<PanelEvent> Recorded(string path)
        {
            return JArray.Parse(File.ReadAllText(path)).OfType<JObject>().Select(o => PanelEventConverter.FromJObject(o, ProtocolJson.Serializer)).ToList();
        }

        /// <summary>The recorded events through the same coordinator; each announced asset write lands right after its announcement.</summary>
        private static int ReplayRecorded(List<PanelEvent> events, bool batching, out bool balanced)
        {
            var editor = new CountingEditor();
            var turns = new TurnCoordinator(editor, new NoUndo(), new DictionaryTurnMemory(), () => 0);
            turns.Options.BatchRecompiles = batching;
            foreach (var e in events)
            {
                turns.OnEvent("bench", e);
                if (e is TurnFileWriteEvent w && w.AssetPath != null) editor.FileLanded();
            }
            balanced = editor.Balanced;
            return editor.Refreshes;
        }

        private static int Replay(bool batching, out bool balanced)
        {
            var editor = new CountingEditor();
            var turns = new TurnCoordinator(editor, new NoUndo(), new DictionaryTurnMemory(), () => 0);
            turns.Options.BatchRecompiles = batching;
            const string chat = "bench";
            turns.OnEvent(chat, new UserMessageEvent { TurnId = "t1", Text = "Add ten enemy scripts" });
            turns.OnEvent(chat, new TurnStartedEvent { TurnId = "t1", Prompted = true });
            var files = new List<TurnFileChange>();
            for (var i = 0; i < Files; i++)
            {
                var asset = "Assets/Scripts/Enemy" + i + ".cs";
                turns.OnEvent(chat, new TurnFileWriteEvent { TurnId = "t1", ToolUseId = "tu" + i, Tool = "Write", Path = "/project/" + asset, RelPath = asset, AssetPath = asset });
                editor.FileLanded();
                files.Add(new TurnFileChange { Path = "/project/" + asset, RelPath = asset, AssetPath = asset, Change = FileChangeKinds.Created, BytesAfter = 200, Revertible = true });
            }
            turns.OnEvent(chat, new TurnFilesEvent { TurnId = "t1", Files = files });
            turns.OnEvent(chat, new TurnResultEvent { TurnId = "t1", Ok = true, Status = TurnStatuses.Completed });
            balanced = editor.Balanced;
            return editor.Refreshes;
        }

        /// <summary>The bench does not look at Undo.</summary>
        private sealed class NoUndo : AgentPanel.Core.Tools.IUndoStack
        {
            private int group;

            public int Begin(string name) => ++group;

            public void End(int g, string name) { }

            public void PerformUndo() { }

            public void RevertAllDownToGroup(int g) { }
        }
    }
}
