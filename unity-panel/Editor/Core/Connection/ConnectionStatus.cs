using System;
using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.Connection
{
    /// <summary>The connection's life: idle until started, then connecting / connected / waiting to retry, closed at the end.</summary>
    internal enum ConnectionState
    {
        Idle,
        Connecting,
        Connected,
        WaitingToRetry,
        Closed,
    }

    /// <summary>A snapshot of the connection for the status bar and first-run view (immutable).</summary>
    internal sealed class ConnectionStatus
    {
        public ConnectionStatus(ConnectionState state, int attempt = 0, TimeSpan? retryIn = null, AgentPanelException error = null, WelcomeFrame welcome = null)
        {
            State = state;
            Attempt = attempt;
            RetryIn = retryIn;
            Error = error;
            Welcome = welcome;
        }

        public ConnectionState State { get; }
        /// <summary>Failed attempts since the last good connection.</summary>
        public int Attempt { get; }
        /// <summary>WaitingToRetry: how long until the next attempt.</summary>
        public TimeSpan? RetryIn { get; }
        /// <summary>Why the last attempt or connection failed (null when none).</summary>
        public AgentPanelException Error { get; }
        /// <summary>Connected: the server's welcome.</summary>
        public WelcomeFrame Welcome { get; }

        public override string ToString()
        {
            var text = State.ToString();
            if (RetryIn.HasValue) text += " (retry in " + Math.Round(RetryIn.Value.TotalSeconds, 1) + " s)";
            if (Error != null) text += ": " + Error.Code + " — " + Error.Message;
            return text;
        }
    }
}
