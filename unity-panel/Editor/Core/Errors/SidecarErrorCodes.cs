namespace AgentPanel.Core
{
    /// <summary>
    /// The sidecar's error codes the panel reacts to (error frames and error notices). Each one is checked against the
    /// sidecar's one list of codes (docs/protocol/error-codes.json), so a code renamed on the TypeScript side fails a test here.
    /// </summary>
    internal static class SidecarErrorCodes
    {
        public const string AlreadyAnswered = "already_answered";
        public const string ProtocolMismatch = "protocol_mismatch";
        public const string ClaudeNotFound = "claude_not_found";
        public const string ClaudeNotRunnable = "claude_not_runnable";
        public const string ClaudeVersionTimeout = "claude_version_timeout";
        public const string ClaudeVersionUnparsable = "claude_version_unparsable";
        public const string ClaudeExited = "claude_exited";
        public const string AttachmentTooLarge = "attachment_too_large";
        public const string FilesChangedSince = "files_changed_since";
        public const string TurnNotFound = "turn_not_found";
        public const string TurnRunning = "turn_running";
    }
}
