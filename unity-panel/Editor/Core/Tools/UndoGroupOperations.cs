using System;
using System.Threading.Tasks;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>The Undo calls a sequence's group needs; the Editor passes UnityEditor.Undo, tests a recording fake.</summary>
    internal interface ISequenceUndo
    {
        /// <summary>Start a new Undo group named <paramref name="name"/> and return its index.</summary>
        int Begin(string name);

        /// <summary>Name the current group <paramref name="name"/> and collapse everything recorded since <paramref name="group"/> into it.</summary>
        void End(int group, string name);
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
        public static void Register(ToolHost host, ISequenceUndo undo)
        {
            if (host == null) throw new ArgumentNullException(nameof(host));
            if (undo == null) throw new ArgumentNullException(nameof(undo));
            host.RegisterInternal(BeginName, true, (args, dryRun, ct) => Task.FromResult(Begin(undo, args, dryRun)));
            host.RegisterInternal(EndName, true, (args, dryRun, ct) => Task.FromResult(End(undo, args, dryRun)));
        }

        /// <summary>{name} → opens the group; answers {group}, the index undo_group_end collapses to.</summary>
        internal static ToolOutcome Begin(ISequenceUndo undo, JObject args, bool dryRun)
        {
            var name = Name(args, BeginName);
            if (dryRun) return ToolOutcome.Text($"Dry run: would open the Undo group '{name}'.");
            var group = undo.Begin(name);
            return ToolOutcome.Text($"Undo group '{name}' opened ({group}).", new JObject { ["group"] = group, ["name"] = name });
        }

        /// <summary>{name, group} → every Undo step recorded since begin becomes one, named <c>name</c>.</summary>
        internal static ToolOutcome End(ISequenceUndo undo, JObject args, bool dryRun)
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
