namespace AgentPanel.Core.Connection
{
    /// <summary>What the heartbeat wants done now.</summary>
    internal enum HeartbeatAction
    {
        None,
        SendPing,
        Dead,
    }

    /// <summary>Detects a silent sidecar: after <see cref="IdleMs"/> without any frame we ping (a cheap command); after <see cref="DeadMs"/> the socket counts as dead.</summary>
    internal sealed class Heartbeat
    {
        private long lastSeen;
        private long lastPing = long.MinValue;

        public Heartbeat(long idleMs, long deadMs, long nowMs)
        {
            IdleMs = idleMs;
            DeadMs = deadMs;
            lastSeen = nowMs;
        }

        public long IdleMs { get; }
        public long DeadMs { get; }

        /// <summary>A frame arrived.</summary>
        public void Seen(long nowMs)
        {
            lastSeen = nowMs;
        }

        /// <summary>Decide at <paramref name="nowMs"/>; a ping is asked for at most once per idle period.</summary>
        public HeartbeatAction Check(long nowMs)
        {
            var silent = nowMs - lastSeen;
            if (silent >= DeadMs) return HeartbeatAction.Dead;
            if (silent >= IdleMs && (lastPing < lastSeen || nowMs - lastPing >= IdleMs))
            {
                lastPing = nowMs;
                return HeartbeatAction.SendPing;
            }
            return HeartbeatAction.None;
        }
    }
}
