using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tests.Support
{
    /// <summary>Short builders for panel events, shaped like what the chat engine emits.</summary>
    internal static class Ev
    {
        public static StateEvent State(string state, string previous = "ready", string reason = null) => new StateEvent { State = state, Previous = previous, Reason = reason };

        public static InitEvent Init(string model = "claude-test", string mode = "default", string session = "s-1") =>
            new InitEvent { SessionId = session, Model = model, PermissionMode = mode, Cwd = "/p", Tools = new List<string> { "Bash", "Edit" } };

        public static UserMessageEvent User(string turn, string text, bool queued = false) => new UserMessageEvent { TurnId = turn, Text = text, Queued = queued };

        public static TurnStartedEvent Turn(string turn) => new TurnStartedEvent { TurnId = turn, Prompted = true };

        public static MessageStartEvent Start(string turn, string msg, string parent = null) => new MessageStartEvent { TurnId = turn, MessageId = msg, ParentToolUseId = parent, Model = "claude-test" };

        public static MessageDeltaEvent Delta(string turn, string msg, string text, int index = 0, string kind = "text") =>
            new MessageDeltaEvent { TurnId = turn, MessageId = msg, Index = index, Kind = kind, Text = text };

        public static MessageFinalEvent Final(string turn, string msg, string parent = null, bool aborted = false, string error = null, params (string kind, string text)[] blocks) =>
            new MessageFinalEvent
            {
                TurnId = turn,
                MessageId = msg,
                ParentToolUseId = parent,
                Aborted = aborted,
                Error = error,
                Blocks = blocks.Select((b, i) => new PanelBlock { Index = i, Kind = b.kind, Text = b.text, Unity = b.kind == "text" ? new List<UnityBlock> { new UnityBlock { Type = "paragraph", Text = b.text } } : null }).ToList(),
            };

        public static ToolStartedEvent ToolStart(string turn, string id, string name = "Read", string parent = null) =>
            new ToolStartedEvent { TurnId = turn, ToolUseId = id, Name = name, Input = new JObject { ["file_path"] = "Assets/" + id + ".cs" }, Summary = name + " " + id, ParentToolUseId = parent };

        public static ToolFinishedEvent ToolEnd(string turn, string id, string name = "Read", bool error = false, string parent = null) =>
            new ToolFinishedEvent { TurnId = turn, ToolUseId = id, Name = name, IsError = error, Result = error ? "failed" : "ok " + id, DurationMs = 12, ParentToolUseId = parent };

        public static PermissionRequestedEvent Ask(string turn, string request, string tool = "Bash", bool question = false) =>
            new PermissionRequestedEvent
            {
                TurnId = turn,
                RequestId = request,
                ToolName = tool,
                ToolUseId = "tu-" + request,
                Input = new JObject { ["command"] = "rm -rf Library" },
                Summary = "Run rm -rf Library",
                Suggestions = new List<JObject> { new JObject { ["type"] = "addRules", ["destination"] = "session" } },
                IsQuestion = question,
            };

        public static PermissionResolvedEvent Resolved(string turn, string request, string outcome = "allowed") => new PermissionResolvedEvent { TurnId = turn, RequestId = request, Outcome = outcome };

        public static SubagentEvent Task(string task, string toolUseId = null, string status = null, long? tokens = null, string lastTool = null, string description = null) =>
            new SubagentEvent { TaskId = task, ToolUseId = toolUseId, Status = status, Tokens = tokens, LastTool = lastTool, Description = description };

        public static NoticeEvent Notice(string code, string level = "info") => new NoticeEvent { Level = level, Code = code, Message = "notice " + code };

        public static TurnResultEvent Result(string turn, bool ok = true, long input = 10, long output = 20, double? cost = 0.01, string subtype = "success") =>
            new TurnResultEvent { TurnId = turn, Ok = ok, Subtype = subtype, Usage = new TokenUsage { Input = input, Output = output }, CostUsd = cost, DurationMs = 1500 };

        /// <summary>A streamed answer with thinking, as the engine emits it.</summary>
        public static List<PanelEvent> StreamingTurn(string turn = "t1", string msg = "m1")
        {
            return new List<PanelEvent>
            {
                State("streaming", "ready"),
                User(turn, "Why does the player jump twice?"),
                Turn(turn),
                Start(turn, msg),
                Delta(turn, msg, "Let me ", 0, "thinking"),
                Delta(turn, msg, "think.", 0, "thinking"),
                Delta(turn, msg, "The jump ", 1),
                Delta(turn, msg, "runs twice.", 1),
                Final(turn, msg, null, false, null, ("thinking", "Let me think."), ("text", "The jump runs twice.")),
                Result(turn),
                State("ready", "streaming"),
            };
        }

        /// <summary>A turn with four tool calls in a row, one failing, then a text answer.</summary>
        public static List<PanelEvent> ToolTurn(string turn = "t2")
        {
            var events = new List<PanelEvent> { User(turn, "Fix it"), Turn(turn), State("tool_running", "streaming"), Start(turn, "mt0"), Final(turn, "mt0") };
            foreach (var id in new[] { "a", "b", "c", "d" })
            {
                events.Add(ToolStart(turn, id));
                events.Add(ToolEnd(turn, id, "Read", id == "c"));
            }
            events.Add(Start(turn, "mt1"));
            events.Add(Delta(turn, "mt1", "Done."));
            events.Add(Final(turn, "mt1", null, false, null, ("text", "Done.")));
            events.Add(Result(turn, true, 5, 7));
            return events;
        }

        /// <summary>A permission request that is allowed, then one that is denied.</summary>
        public static List<PanelEvent> PermissionTurn(string turn = "t3")
        {
            return new List<PanelEvent>
            {
                User(turn, "Clean the Library folder"), Turn(turn), State("waiting_permission", "streaming"),
                Ask(turn, "r1"), Resolved(turn, "r1", "allowed"), ToolStart(turn, "tu-r1", "Bash"), ToolEnd(turn, "tu-r1", "Bash"),
                Ask(turn, "r2"), Resolved(turn, "r2", "denied"), Result(turn, true), State("ready", "streaming"),
            };
        }

        /// <summary>A Task tool running a subagent with its own nested messages and tools.</summary>
        public static List<PanelEvent> SubagentTurn(string turn = "t4")
        {
            return new List<PanelEvent>
            {
                User(turn, "Explore the input code"), Turn(turn),
                ToolStart(turn, "task1", "Task"),
                Task("a1", "task1", "running", description: "Search input handling"),
                Start(turn, "sm1", "task1"), Delta(turn, "sm1", "Looking"), ToolStart(turn, "s-read", "Grep", "task1"),
                Task("a1", null, "running", 100, "Grep"),
                ToolEnd(turn, "s-read", "Grep", false, "task1"), Final(turn, "sm1", "task1", false, null, ("text", "Looking around.")),
                Task("a1", null, "completed", 1500),
                ToolEnd(turn, "task1", "Task"),
                Result(turn),
            };
        }

        /// <summary>An interrupted turn: the message ends aborted and the result says so.</summary>
        public static List<PanelEvent> InterruptTurn(string turn = "t5")
        {
            return new List<PanelEvent>
            {
                User(turn, "Write a long essay"), Turn(turn), State("streaming", "ready"), Start(turn, "mi"),
                Delta(turn, "mi", "Once upon"), Final(turn, "mi", null, true, null, ("text", "Once upon")),
                Result(turn, false, 3, 4, null, "error_during_execution"), State("ready", "streaming"),
            };
        }
    }
}
