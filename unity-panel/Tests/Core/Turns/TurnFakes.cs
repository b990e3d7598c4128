using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tools;
using AgentPanel.Core.Turns;

namespace AgentPanel.Core.Tests.Turns
{
    /// <summary>The AssetDatabase as the hold sees it: counts Disallow/Allow (Unity's counter, which survives domain reloads) and refreshes.</summary>
    internal sealed class FakeAssetRefresh : IAssetRefresh
    {
        public int Disallows;
        public int Allows;
        public int Refreshes;
        public readonly List<string> Calls = new List<string>();

        /// <summary>Unity's own counter: auto refresh is off while it is above zero.</summary>
        public int Outstanding => Disallows - Allows;

        public void DisallowAutoRefresh()
        {
            Disallows++;
            Calls.Add("disallow");
        }

        public void AllowAutoRefresh()
        {
            Allows++;
            Calls.Add("allow");
        }

        public void Refresh()
        {
            Refreshes++;
            Calls.Add("refresh");
        }
    }

    /// <summary>Unity's Undo stack in small: a group counter, records tagged with their group, collapse, undo and revert.</summary>
    internal sealed class FakeUndoStack : IUndoStack
    {
        public int Current = 10;
        public readonly List<KeyValuePair<int, string>> Records = new List<KeyValuePair<int, string>>();
        public readonly Dictionary<int, string> Names = new Dictionary<int, string>();
        public readonly List<string> Calls = new List<string>();

        public int Begin(string name)
        {
            Current++;
            Names[Current] = name;
            Calls.Add("begin " + name);
            return Current;
        }

        /// <summary>One change in a group of its own (a tool call, or the user's edit).</summary>
        public void Record(string change)
        {
            Current++;
            Records.Add(new KeyValuePair<int, string>(Current, change));
        }

        public void End(int group, string name)
        {
            Calls.Add("collapse " + group);
            for (var i = 0; i < Records.Count; i++)
                if (Records[i].Key >= group) Records[i] = new KeyValuePair<int, string>(group, Records[i].Value);
            Names[group] = name;
        }

        public void PerformUndo()
        {
            Calls.Add("undo");
            if (Records.Count == 0) return;
            var top = Records[Records.Count - 1].Key;
            Records.RemoveAll(r => r.Key == top);
        }

        public void RevertAllDownToGroup(int group)
        {
            Calls.Add("revert " + group);
            Records.RemoveAll(r => r.Key >= group);
        }

        public List<string> Left() => Records.ConvertAll(r => r.Value);
    }

    /// <summary>Builders for the turn events.</summary>
    internal static class TurnEv
    {
        public static TurnFileWriteEvent Write(string turn, string asset, string tool = "Write") =>
            new TurnFileWriteEvent { TurnId = turn, ToolUseId = "tu-" + asset, Tool = tool, Path = "/p/" + (asset ?? "notes.txt"), RelPath = asset ?? "notes.txt", AssetPath = asset };

        public static TurnResultEvent Result(string turn, bool ok = true) => new TurnResultEvent { TurnId = turn, Ok = ok, Status = ok ? TurnStatuses.Completed : TurnStatuses.Failed };

        public static TurnStartedEvent Started(string turn) => new TurnStartedEvent { TurnId = turn, Prompted = true };

        public static UserMessageEvent User(string turn, string text) => new UserMessageEvent { TurnId = turn, Text = text };
    }
}
