using System.Collections.Generic;
using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.Store
{
    /// <summary>The chat's status-bar facts: state, session info from init (merged), open turns, usage totals, last result.</summary>
    internal sealed class ChatStatus
    {
        /// <summary>Latest chat state (<see cref="ChatStates"/>); null before the first state event.</summary>
        public string State { get; set; }
        public string StateReason { get; set; }
        public string SessionId { get; set; }
        public string CliVersion { get; set; }
        public string Model { get; set; }
        public string PermissionMode { get; set; }
        public string Cwd { get; set; }
        public List<string> Tools { get; set; }
        public List<ModelChoice> Models { get; set; }
        public List<SlashCommandInfo> Commands { get; set; }
        /// <summary>Turns started and not finished, oldest first.</summary>
        public List<string> OpenTurns { get; } = new List<string>();
        public TurnResultEvent LastResult { get; set; }
        /// <summary>The last result that measured the context (tokens counted and a window known): a turn interrupted before
        /// the API counted anything keeps the figure of the turn before it instead of dropping the meter to 0 %.</summary>
        public TurnResultEvent ContextResult { get; set; }
        /// <summary>Sums over all turn results.</summary>
        public TokenUsage Totals { get; } = new TokenUsage();
        public int Turns { get; set; }
        /// <summary>The session's cost so far (0 when the CLI reports none, e.g. with a subscription). Each claude process
        /// reports a running total that starts again at 0 when the process is replaced (crash recovery), so the totals of
        /// earlier processes are carried over.</summary>
        public double CostUsd => costOfEarlierProcesses + costOfThisProcess;

        private double costOfEarlierProcesses;
        private double costOfThisProcess;

        /// <summary>True while a turn runs.</summary>
        public bool Busy => ChatStates.IsBusy(State);

        /// <summary>Copy the defined fields of an init event (later inits refine earlier ones).</summary>
        public void Merge(InitEvent init)
        {
            SessionId = init.SessionId ?? SessionId;
            CliVersion = init.CliVersion ?? CliVersion;
            Model = init.Model ?? Model;
            PermissionMode = init.PermissionMode ?? PermissionMode;
            Cwd = init.Cwd ?? Cwd;
            Tools = init.Tools ?? Tools;
            Models = init.Models ?? Models;
            Commands = init.Commands ?? Commands;
        }

        /// <summary>Account a finished turn.</summary>
        public void AddResult(TurnResultEvent result)
        {
            LastResult = result;
            OpenTurns.Remove(result.TurnId);
            Turns++;
            var usage = result.Usage ?? new TokenUsage();
            if (result.ContextWindow > 0 && usage.Input + usage.Output + usage.CacheRead + usage.CacheCreation > 0) ContextResult = result;
            Totals.Input += usage.Input;
            Totals.Output += usage.Output;
            Totals.CacheRead += usage.CacheRead;
            Totals.CacheCreation += usage.CacheCreation;
            if (!result.CostUsd.HasValue) return;
            if (result.CostUsd.Value < costOfThisProcess) costOfEarlierProcesses += costOfThisProcess;
            costOfThisProcess = result.CostUsd.Value;
        }
    }
}
