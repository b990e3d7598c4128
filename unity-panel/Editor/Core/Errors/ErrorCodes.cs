namespace AgentPanel.Core
{
    /// <summary>The codes Core's own errors use, so the Editor can pick the right first-run view or banner.</summary>
    internal static class ErrorCodes
    {
        public const string NodeNotFound = "node_not_found";
        public const string NodeTooOld = "node_too_old";
        public const string SidecarMissing = "sidecar_missing";
        public const string SidecarStartFailed = "sidecar_start_failed";
        public const string SidecarStartTimeout = "sidecar_start_timeout";
        public const string NoDescriptor = "no_descriptor";
        public const string Unreachable = "sidecar_unreachable";
        public const string AuthRefused = "auth_refused";
        public const string HandshakeFailed = "handshake_failed";
        public const string ProtocolMismatch = "protocol_mismatch";
        public const string ConnectionLost = "connection_lost";
        public const string NotConnected = "not_connected";
        public const string Closed = "connection_closed";
        public const string CommandTimeout = "command_timeout";
        public const string HeartbeatTimeout = "heartbeat_timeout";
        public const string BadFrame = "bad_frame";
        /// <summary>chat.revertFiles: files changed since the turn wrote them (data lists them); confirm, then resend with force.</summary>
        public const string FilesChangedSince = "files_changed_since";
        /// <summary>chat.revertFiles: the sidecar no longer knows that turn's files.</summary>
        public const string TurnNotFound = "turn_not_found";
        /// <summary>chat.revertFiles: the turn is still running; wait for its result.</summary>
        public const string TurnRunning = "turn_running";
    }
}
