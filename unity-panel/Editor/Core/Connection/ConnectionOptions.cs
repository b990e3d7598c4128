using System;

namespace AgentPanel.Core.Connection
{
    /// <summary>Timing knobs of <see cref="SidecarConnection"/>; the defaults are what the Editor uses, tests shrink them.</summary>
    internal sealed class ConnectionOptions
    {
        /// <summary>Reported in hello.</summary>
        public string ClientVersion { get; set; } = AgentPanel.Core.Launch.PackageManifest.UnknownVersion;

        /// <summary>What this connection offers the sidecar (hello's provides): ["tools"] for the tool provider's connection, null for a panel.</summary>
        public System.Collections.Generic.List<string> Provides { get; set; }

        /// <summary>Stable id of the providing program (hello's providerId), so a reconnect after a domain reload takes over its old connection.</summary>
        public string ProviderId { get; set; }

        /// <summary>First reconnect delay.</summary>
        public TimeSpan BackoffInitial { get; set; } = TimeSpan.FromMilliseconds(250);

        /// <summary>Longest reconnect delay.</summary>
        public TimeSpan BackoffMax { get; set; } = TimeSpan.FromSeconds(10);

        /// <summary>Reconnect jitter (fraction of the delay, 0 = none).</summary>
        public double BackoffJitter { get; set; } = 0.2;

        /// <summary>Opening the socket may take this long.</summary>
        public TimeSpan ConnectTimeout { get; set; } = TimeSpan.FromSeconds(5);

        /// <summary>hello must be answered within this time.</summary>
        public TimeSpan HandshakeTimeout { get; set; } = TimeSpan.FromSeconds(10);

        /// <summary>Silence after which we ping the sidecar.</summary>
        public TimeSpan HeartbeatIdle { get; set; } = TimeSpan.FromSeconds(10);

        /// <summary>Silence after which the socket is considered dead and replaced.</summary>
        public TimeSpan HeartbeatDead { get; set; } = TimeSpan.FromSeconds(25);

        /// <summary>How often the heartbeat looks at the clock.</summary>
        public TimeSpan HeartbeatTick { get; set; } = TimeSpan.FromSeconds(1);

        /// <summary>A command without an answer after this fails with command_timeout.</summary>
        public TimeSpan CommandTimeout { get; set; } = TimeSpan.FromSeconds(60);

        /// <summary>A clean close waits this long for the socket and loop to finish.</summary>
        public TimeSpan CloseTimeout { get; set; } = TimeSpan.FromSeconds(2);

        /// <summary>Random source for jitter ([0,1)); null = System.Random.</summary>
        public Func<double> Random { get; set; }
    }
}
