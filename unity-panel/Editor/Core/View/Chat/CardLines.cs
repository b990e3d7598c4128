using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;

namespace AgentPanel.Core.View
{
    /// <summary>What a subagent card shows: title, live activity line, facts (tool uses, tokens, elapsed), summary.</summary>
    internal sealed class SubagentLine
    {
        public string Badge { get; private set; }
        public string Title { get; private set; }
        public bool Running { get; private set; }
        public bool Failed { get; private set; }
        /// <summary>"Using Grep…" / "Working…" while running; the status word after.</summary>
        public string Activity { get; private set; }
        /// <summary>"6 tool uses · 18k tokens · 41 s".</summary>
        public string Facts { get; private set; }
        public string Summary { get; private set; }

        public static SubagentLine Of(SubagentCard card)
        {
            var toolDone = card.Tool != null && card.Tool.Status != ToolStatus.Running;
            var running = (card.Status == null || card.Status == "running") && !toolDone;
            var status = card.Status == null || card.Status == "running" ? (card.Tool != null && card.Tool.Status == ToolStatus.Failed ? "failed" : "completed") : card.Status;
            var facts = new List<string>();
            if (card.ToolUses.HasValue) facts.Add(ChatFormat.Count(card.ToolUses.Value, "tool use", "tool uses"));
            if (card.Tokens.HasValue) facts.Add(ChatFormat.Tokens(card.Tokens.Value) + " tokens");
            if (card.DurationMs.HasValue) facts.Add(ChatFormat.Duration(card.DurationMs.Value));
            if (card.Background == true) facts.Add("background");
            var failed = !running && (status == "failed" || status == "killed" || status == "stopped");
            return new SubagentLine
            {
                Badge = string.IsNullOrEmpty(card.SubagentType) ? "Subagent" : card.SubagentType,
                Title = FirstText(card.Description, card.Tool?.Summary, card.TaskId, "Subagent"),
                Running = running,
                Failed = failed,
                Activity = running ? (string.IsNullOrEmpty(card.LastTool) ? "Working…" : "Using " + card.LastTool + "…") : Capitalize(status),
                Facts = string.Join(" · ", facts),
                Summary = card.Summary,
            };
        }

        private static string FirstText(params string[] texts)
        {
            foreach (var text in texts)
            {
                if (!string.IsNullOrWhiteSpace(text)) return text;
            }
            return "";
        }

        private static string Capitalize(string s)
        {
            return string.IsNullOrEmpty(s) ? "" : char.ToUpperInvariant(s[0]) + s.Substring(1);
        }
    }

    /// <summary>How a turn ended, as its result line shows it.</summary>
    internal enum TurnOutcome
    {
        Done,
        Interrupted,
        Failed,
    }

    /// <summary>What the end-of-turn line shows: "Done · 3.2 s · 1.2k in · 340 out · $0.0123" and the errors of a failed turn.</summary>
    internal sealed class TurnResultLine
    {
        public TurnOutcome Outcome { get; private set; }
        public string Text { get; private set; }
        public List<string> Errors { get; private set; }

        public static TurnResultLine Of(TurnResultEvent r)
        {
            var outcome = OutcomeOf(r);
            var usage = r.Usage ?? new TokenUsage();
            // The same words as the browser panel (sidecar/src/web/app/view/items.ts): Done, Interrupted, Failed.
            var parts = new List<string> { outcome == TurnOutcome.Done ? "Done" : outcome == TurnOutcome.Interrupted ? "Interrupted" : FailedLabel(r.Subtype) };
            if (r.DurationMs.HasValue) parts.Add(ChatFormat.Duration(r.DurationMs.Value));
            parts.Add(ChatFormat.Tokens(usage.Input + usage.CacheRead + usage.CacheCreation) + " in · " + ChatFormat.Tokens(usage.Output) + " out");
            var errors = new List<string>();
            if (outcome == TurnOutcome.Failed && r.Errors != null)
            {
                foreach (var e in r.Errors)
                {
                    if (!string.IsNullOrWhiteSpace(e)) errors.Add(ChatFormat.Clip(e, 20, 2000));
                }
            }
            return new TurnResultLine { Outcome = outcome, Text = string.Join(" · ", parts), Errors = errors };
        }

        /// <summary>"Failed", naming claude's error subtype when it says more than that (error_max_turns, not success or history).</summary>
        public static string FailedLabel(string subtype)
        {
            return subtype != null && subtype.StartsWith("error_", System.StringComparison.Ordinal) && subtype != "error_during_execution" ? "Failed (" + subtype + ")" : "Failed";
        }

        /// <summary>The turn's status as the sidecar sends it; from ok and the terminal reason when an older sidecar did not.</summary>
        public static TurnOutcome OutcomeOf(TurnResultEvent r)
        {
            switch (r.Status)
            {
                case TurnStatuses.Completed: return TurnOutcome.Done;
                case TurnStatuses.Interrupted: return TurnOutcome.Interrupted;
                case TurnStatuses.Failed: return TurnOutcome.Failed;
            }
            if (r.Ok) return TurnOutcome.Done;
            return r.TerminalReason == "aborted_streaming" || r.TerminalReason == "aborted_tools" ? TurnOutcome.Interrupted : TurnOutcome.Failed;
        }
    }

    /// <summary>The small print under a user message: "queued · 2 attachments", or "".</summary>
    internal static class UserLine
    {
        public static string Meta(UserMessageCard card)
        {
            var parts = new List<string>();
            if (card.Queued) parts.Add("queued");
            if (card.Attachments > 0) parts.Add(ChatFormat.Count(card.Attachments, "attachment", "attachments"));
            return string.Join(" · ", parts);
        }
    }
}
