using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Support
{
    /// <summary>Shared rig of the connection tests: an in-memory sidecar, a connection with short timings, and what it raised.</summary>
    public abstract class ConnectionFixture
    {
        private protected FakeSidecar sidecar;
        private protected SidecarConnection connection;
        private protected List<EventFrame> events;
        private protected List<SnapshotFrame> snapshots;
        private protected List<ConnectionStatus> statuses;

        [SetUp]
        public void SetUp()
        {
            sidecar = new FakeSidecar();
            sidecar.AddChat("c1");
            events = new List<EventFrame>();
            snapshots = new List<SnapshotFrame>();
            statuses = new List<ConnectionStatus>();
        }

        [TearDown]
        public void TearDown()
        {
            connection?.Close(TimeSpan.FromSeconds(2));
        }

        internal SidecarConnection Connect(Func<SidecarEndpoint> endpoint = null, ISidecarProbe probe = null, ConnectionOptions options = null)
        {
            connection = new SidecarConnection(endpoint ?? (() => sidecar.Endpoint), options ?? FastOptions(), sidecar.NewChannel, probe ?? new FixedProbe(HealthVerdict.Unreachable));
            connection.EventReceived += events.Add;
            connection.SnapshotReceived += snapshots.Add;
            connection.StatusChanged += statuses.Add;
            connection.Start();
            return connection;
        }

        internal static ConnectionOptions FastOptions()
        {
            return new ConnectionOptions
            {
                BackoffInitial = TimeSpan.FromMilliseconds(20),
                BackoffMax = TimeSpan.FromMilliseconds(80),
                BackoffJitter = 0,
                HeartbeatIdle = TimeSpan.FromMilliseconds(150),
                HeartbeatDead = TimeSpan.FromMilliseconds(400),
                HeartbeatTick = TimeSpan.FromMilliseconds(20),
                CommandTimeout = TimeSpan.FromSeconds(5),
            };
        }

        private protected void WaitConnected(int connections = 1)
        {
            Pump.Until(connection.Inbox, () => connection.Status.State == ConnectionState.Connected && sidecar.Connections >= connections, "connected #" + connections);
        }

        private protected T Await<T>(Task<T> task)
        {
            Pump.Until(connection.Inbox, () => task.IsCompleted, "command answered");
            return task.GetAwaiter().GetResult();
        }

        /// <summary>A probe with a fixed answer.</summary>
        internal sealed class FixedProbe : ISidecarProbe
        {
            private readonly HealthVerdict verdict;

            public FixedProbe(HealthVerdict verdict)
            {
                this.verdict = verdict;
            }

            public Task<HealthVerdict> ProbeAsync(SidecarEndpoint endpoint, CancellationToken cancellation) => Task.FromResult(verdict);
        }
    }
}
