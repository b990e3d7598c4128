using System;
using System.Threading.Tasks;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>
    /// Unity's Undo stack as the groups that span several steps use it (a sequence's undo_group_begin/end, an agent turn's
    /// one Undo): the Editor passes UnityEditor.Undo, tests a recording fake. Single tool calls use <see cref="IUndoGroups"/>,
    /// which also starts a fresh group after each call.
    /// </summary>
    internal interface IUndoStack
    {
        /// <summary>Start a new Undo group named <paramref name="name"/> and return its index.</summary>
        int Begin(string name);

        /// <summary>Name the current group <paramref name="name"/> and collapse everything recorded since <paramref name="group"/> into it.</summary>
        void End(int group, string name);

        /// <summary>Undo the newest group (Edit > Undo).</summary>
        void PerformUndo();

        /// <summary>Undo every group from the newest down to <paramref name="group"/>, that one included.</summary>
        void RevertAllDownToGroup(int group);
    }

    /// <summary>
    /// The internal operations undo_group_begin and undo_group_end, which the sidecar calls around a sequence definition
    /// with an undoGroup: every step between them (each its own tool call, its own Undo group) is collapsed into the group
    /// begin opened, so one Undo reverts the whole sequence.
    /// </summary>
    internal static class UndoGroupOperations
    {
        public const string BeginName = "undo_group_begin";
        public const string EndName = "undo_group_end";

        /// <summary>Serve both operations on <paramref name="host"/> (main thread: the Undo API is not thread safe).</summary>
        public static void Register(ToolHost host, IUndoStack undo)
        {
            if (host == null) throw new ArgumentNullException(nameof(host));
            if (undo == null) throw new ArgumentNullException(nameof(undo));
            host.RegisterInternal(BeginName, true, (args, dryRun, ct) => Task.FromResult(Begin(undo, args, dryRun)));
            host.RegisterInternal(EndName, true, (args, dryRun, ct) => Task.FromResult(End(undo, args, dryRun)));
        }

        /// <summary>{name} → opens the group; answers {group}, the index undo_group_end collapses to.</summary>
        internal static ToolOutcome Begin(IUndoStack undo, JObject args, bool dryRun)
        {
            var name = Name(args, BeginName);
            if (dryRun) return ToolOutcome.Text($"Dry run: would open the Undo group '{name}'.");
            var group = undo.Begin(name);
            return ToolOutcome.Text($"Undo group '{name}' opened ({group}).", new JObject { ["group"] = group, ["name"] = name });
        }

        /// <summary>{name, group} → every Undo step recorded since begin becomes one, named <c>name</c>.</summary>
        internal static ToolOutcome End(IUndoStack undo, JObject args, bool dryRun)
        {
            var name = Name(args, EndName);
            var token = args?["group"];
            if (token == null || token.Type != JTokenType.Integer || (long)token < 0 || (long)token > int.MaxValue)
                throw new ToolException(ToolErrorCodes.InvalidParams, $"{EndName}: 'group' must be the non-negative integer {BeginName} answered.");
            var group = (int)token;
            if (dryRun) return ToolOutcome.Text($"Dry run: would close the Undo group '{name}'.");
            undo.End(group, name);
            return ToolOutcome.Text($"Undo group '{name}' closed: one Undo reverts it.", new JObject { ["group"] = group, ["name"] = name });
        }

        private static string Name(JObject args, string operation)
        {
            var name = args?["name"]?.Type == JTokenType.String ? (string)args["name"] : null;
            if (string.IsNullOrWhiteSpace(name)) throw new ToolException(ToolErrorCodes.InvalidParams, $"{operation}: 'name' (the Undo group's name) is required.");
            return name;
        }
    }
}
