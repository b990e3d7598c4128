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
    }
}
