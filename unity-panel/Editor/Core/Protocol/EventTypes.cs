namespace AgentPanel.Core.Protocol
{
    /// <summary>The `type` tags of panel events (chat/events.ts); kept as strings so unknown tags stay readable.</summary>
    internal static class EventTypes
    {
        public const string State = "state";
        public const string Init = "init";
        public const string UserMessage = "user_message";
        public const string TurnStarted = "turn_started";
        public const string MessageStart = "message_start";
        public const string MessageDelta = "message_delta";
        public const string MessageFinal = "message_final";
        public const string ToolStarted = "tool_started";
        public const string ToolFinished = "tool_finished";
        public const string PermissionRequested = "permission_requested";
        public const string PermissionResolved = "permission_resolved";
        public const string Subagent = "subagent";
        public const string TurnResult = "turn_result";
        public const string Notice = "notice";
        public const string Unknown = "unknown";
        public const string TurnFileWrite = "turn_file_write";
        public const string TurnFiles = "turn_files";
        public const string FilesReverted = "files_reverted";
    }

    /// <summary>The chat lifecycle states (ChatStateName); a newer sidecar may send others, which are shown as they are.</summary>
    internal static class ChatStates
    {
        public const string Starting = "starting";
        public const string Ready = "ready";
        public const string Streaming = "streaming";
        public const string ToolRunning = "tool_running";
        public const string WaitingPermission = "waiting_permission";
        public const string Resuming = "resuming";
        public const string AuthRequired = "auth_required";
        public const string Errored = "errored";
        public const string Closed = "closed";

        /// <summary>True while a turn runs (Send becomes Stop, Esc interrupts).</summary>
        public static bool IsBusy(string state)
        {
            return state == Streaming || state == ToolRunning || state == WaitingPermission;
        }
    }
}
