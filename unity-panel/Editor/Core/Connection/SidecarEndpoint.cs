using System;

namespace AgentPanel.Core.Connection
{
    /// <summary>Where a running sidecar listens and the token it wants (usually read from its descriptor).</summary>
    internal sealed class SidecarEndpoint
    {
        public SidecarEndpoint(int port, string token, int pid = 0)
        {
            if (port < 1 || port > 65535) throw new ArgumentOutOfRangeException(nameof(port));
            Port = port;
            Token = token ?? throw new ArgumentNullException(nameof(token));
            Pid = pid;
        }

        public int Port { get; }
        public string Token { get; }
        /// <summary>The sidecar's process id (0 when unknown).</summary>
        public int Pid { get; }

        /// <summary>ws://127.0.0.1:&lt;port&gt;/ws</summary>
        public Uri WebSocketUri => new Uri("ws://127.0.0.1:" + Port + "/ws");

        /// <summary>http://127.0.0.1:&lt;port&gt;/health</summary>
        public Uri HealthUri => new Uri("http://127.0.0.1:" + Port + "/health");

        /// <summary>The sidecar's address without the token (safe to log).</summary>
        public override string ToString()
        {
            return "127.0.0.1:" + Port + (Pid != 0 ? " (pid " + Pid + ")" : "");
        }
    }
}
