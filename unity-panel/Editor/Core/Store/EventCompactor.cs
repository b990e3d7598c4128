using System.Collections.Generic;
using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.Store
{
    /// <summary>
    /// C# twin of the sidecar's snapshot compaction (bridge/compact.ts): drops deltas of finished messages and earlier finals,
    /// keeps only the last state event, merges init events and each subagent's events, and places each message/task where it
    /// first appeared. Used to keep a chat's log small enough to save across domain reloads, and by the tests.
    /// </summary>
    internal static class EventCompactor
    {
        /// <summary>The compacted equivalent of <paramref name="events"/> (a new list; events are not modified).</summary>
        public static List<PanelEvent> Compact(IReadOnlyList<PanelEvent> events)
        {
            var messages = new Dictionary<string, MessageGroup>();
            var tasks = new Dictionary<string, KeyValuePair<int, SubagentEvent>>();
            InitEvent init = null;
            var initAt = -1;
            var lastState = -1;
            for (var i = 0; i < events.Count; i++)
            {
                switch (events[i])
                {
                    case MessageStartEvent start:
                        Group(messages, start.MessageId, i).Starts.Add(start);
                        break;
                    case MessageFinalEvent final:
                        Group(messages, final.MessageId, i).Final = final;
                        break;
                    case MessageDeltaEvent delta:
                        Group(messages, delta.MessageId, i).AddDelta(delta);
                        break;
                    case InitEvent next:
                        if (init == null) initAt = i;
                        init = MergeInit(init, next);
                        break;
                    case StateEvent _:
                        lastState = i;
                        break;
                    case SubagentEvent task:
                        tasks[task.TaskId] = tasks.TryGetValue(task.TaskId, out var seen)
                            ? new KeyValuePair<int, SubagentEvent>(seen.Key, MergeTask(seen.Value, task))
                            : new KeyValuePair<int, SubagentEvent>(i, MergeTask(null, task));
                        break;
                }
            }
            var output = new List<PanelEvent>();
            for (var i = 0; i < events.Count; i++)
            {
                var evt = events[i];
                switch (evt)
                {
                    case MessageStartEvent _:
                    case MessageDeltaEvent _:
                    case MessageFinalEvent _:
                        var group = messages[MessageIdOf(evt)];
                        if (group.First != i) break;
                        output.AddRange(group.Starts);
                        if (group.Final != null) output.Add(group.Final);
                        else output.AddRange(group.Deltas.Values);
                        break;
                    case InitEvent _:
                        if (i == initAt) output.Add(init);
                        break;
                    case StateEvent _:
                        if (i == lastState) output.Add(evt);
                        break;
                    case SubagentEvent task:
                        if (tasks[task.TaskId].Key == i) output.Add(tasks[task.TaskId].Value);
                        break;
                    default:
                        output.Add(evt);
                        break;
                }
            }
            return output;
        }

        private static string MessageIdOf(PanelEvent evt)
        {
            switch (evt)
            {
                case MessageStartEvent s: return s.MessageId;
                case MessageDeltaEvent d: return d.MessageId;
                default: return ((MessageFinalEvent)evt).MessageId;
            }
        }

        private static MessageGroup Group(Dictionary<string, MessageGroup> messages, string id, int at)
        {
            if (!messages.TryGetValue(id, out var group)) messages[id] = group = new MessageGroup(at);
            return group;
        }

        private static InitEvent MergeInit(InitEvent a, InitEvent b)
        {
            a = a ?? new InitEvent();
            return new InitEvent
            {
                SessionId = b.SessionId ?? a.SessionId,
                CliVersion = b.CliVersion ?? a.CliVersion,
                Model = b.Model ?? a.Model,
                PermissionMode = b.PermissionMode ?? a.PermissionMode,
                Cwd = b.Cwd ?? a.Cwd,
                Tools = b.Tools ?? a.Tools,
                Models = b.Models ?? a.Models,
                Commands = b.Commands ?? a.Commands,
                Account = b.Account ?? a.Account,
            };
        }

        private static SubagentEvent MergeTask(SubagentEvent a, SubagentEvent b)
        {
            a = a ?? new SubagentEvent();
            return new SubagentEvent
            {
                TaskId = b.TaskId ?? a.TaskId,
                ToolUseId = b.ToolUseId ?? a.ToolUseId,
                Status = b.Status ?? a.Status,
                Description = b.Description ?? a.Description,
                SubagentType = b.SubagentType ?? a.SubagentType,
                Background = b.Background ?? a.Background,
                Tokens = b.Tokens ?? a.Tokens,
                ToolUses = b.ToolUses ?? a.ToolUses,
                DurationMs = b.DurationMs ?? a.DurationMs,
                LastTool = b.LastTool ?? a.LastTool,
                Summary = b.Summary ?? a.Summary,
            };
        }

        private sealed class MessageGroup
        {
            public MessageGroup(int first)
            {
                First = first;
            }

            public int First { get; }
            public List<MessageStartEvent> Starts { get; } = new List<MessageStartEvent>();
            public MessageFinalEvent Final { get; set; }
            /// <summary>Merged deltas per block index, in order of first appearance.</summary>
            public Dictionary<int, MessageDeltaEvent> Deltas { get; } = new Dictionary<int, MessageDeltaEvent>();

            public void AddDelta(MessageDeltaEvent delta)
            {
                if (Deltas.TryGetValue(delta.Index, out var previous))
                {
                    Deltas[delta.Index] = new MessageDeltaEvent { TurnId = previous.TurnId, MessageId = previous.MessageId, Index = previous.Index, Kind = previous.Kind, Text = previous.Text + delta.Text };
                }
                else
                {
                    Deltas[delta.Index] = new MessageDeltaEvent { TurnId = delta.TurnId, MessageId = delta.MessageId, Index = delta.Index, Kind = delta.Kind, Text = delta.Text };
                }
            }
        }
    }
}
