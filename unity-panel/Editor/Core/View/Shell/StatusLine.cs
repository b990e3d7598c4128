using System;
using System.Globalization;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;

namespace AgentPanel.Core.View
{
    /// <summary>Kinds of the status bar's state dot (the USS picks the colour from the kind).</summary>
    internal enum StateDot
    {
        None,
        Ready,
        Busy,
        Waiting,
        Error,
        Offline,
    }

    /// <summary>What the status bar shows for the shown chat: state dot and text, model, context meter, tokens and cost (mirrors statusbar.ts).</summary>
    internal sealed class StatusLine
    {
        public StateDot Dot { get; private set; }
        public string StateText { get; private set; } = "";
        public string Model { get; private set; } = "";
        /// <summary>Context used by the last turn, 0–100; null when the CLI did not report the model's window.</summary>
        public int? ContextPercent { get; private set; }
        public string ContextText { get; private set; } = "";
        public string ContextTooltip { get; private set; } = "";
        public string TokensText { get; private set; } = "";
        /// <summary>"" when the cost is meaningless (0, e.g. a subscription): then only tokens are shown.</summary>
        public string CostText { get; private set; } = "";

        /// <summary>The line for a chat (null = none shown), its list entry, and the connection.</summary>
        public static StatusLine For(ChatModel chat, ChatSummary summary, ConnectionState connection)
        {
            var line = new StatusLine();
            if (connection != ConnectionState.Connected)
            {
                line.Dot = StateDot.Offline;
                line.StateText = connection == ConnectionState.Connecting ? "Connecting to the sidecar…" : "Not connected to the sidecar";
            }
            else if (chat == null && summary == null)
            {
                line.StateText = "No chat";
            }
            else
            {
                var state = chat?.Lost != null ? ChatStates.Closed : chat?.Status.State ?? summary?.State;
                line.Dot = DotFor(state);
                line.StateText = ShellFormat.StateLabel(state);
            }
            if (chat == null && summary == null) return line;
            line.Model = chat?.Status.Model ?? summary?.Model ?? "";
            if (chat == null) return line;
            line.SetContext(chat.Status.ContextResult);
            line.SetTotals(chat.Status);
            return line;
        }

        /// <summary>The dot kind of a chat state.</summary>
        public static StateDot DotFor(string state)
        {
            switch (state)
            {
                case ChatStates.Ready: return StateDot.Ready;
                case ChatStates.Streaming:
                case ChatStates.ToolRunning:
                case ChatStates.Starting:
                case ChatStates.Resuming: return StateDot.Busy;
                case ChatStates.WaitingPermission:
                case ChatStates.AuthRequired: return StateDot.Waiting;
                case ChatStates.Errored: return StateDot.Error;
                case ChatStates.Closed: return StateDot.Offline;
                default: return StateDot.None;
            }
        }

        private void SetContext(TurnResultEvent result)
        {
            if (result?.ContextWindow == null || result.ContextWindow <= 0) return;
            var u = result.Usage ?? new TokenUsage();
            var used = u.Input + u.CacheRead + u.CacheCreation + u.Output;
            var window = result.ContextWindow.Value;
            ContextPercent = (int)Math.Min(100, Math.Round(used * 100.0 / window, MidpointRounding.AwayFromZero));
            ContextText = ContextPercent + "% of " + ChatFormat.Tokens(window) + " context";
            ContextTooltip = used.ToString("N0", CultureInfo.InvariantCulture) + " of " + window.ToString("N0", CultureInfo.InvariantCulture) + " tokens in the last turn";
        }

        private void SetTotals(ChatStatus status)
        {
            if (status.Turns <= 0) return;
            var t = status.Totals;
            TokensText = ChatFormat.Tokens(t.Input + t.CacheRead + t.CacheCreation) + " in · " + ChatFormat.Tokens(t.Output) + " out";
            // The session's cost (claude reports a running total per process; ChatStatus carries it over restarts).
            var cost = status.CostUsd;
            CostText = cost > 0 ? ChatFormat.Cost(cost) : "";
        }
    }
}
