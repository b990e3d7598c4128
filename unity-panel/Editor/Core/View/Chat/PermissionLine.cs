using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;

namespace AgentPanel.Core.View
{
    /// <summary>
    /// How a tool call's permission went, as its card shows it once the request is settled: "Allowed by you", "Denied by you — and the
    /// turn stopped", "Allowed by the read-only setting", "Cancelled — withdrawn by claude". Same wording as the browser panel.
    /// </summary>
    internal sealed class PermissionLine
    {
        /// <summary>Short text for the card's header ("Allowed by you"); null when the header shows nothing (no request was asked).</summary>
        public string Tag { get; private set; }
        /// <summary>The whole line for the card's body ("Allowed by you — always, from now on").</summary>
        public string Text { get; private set; }
        /// <summary>allowed, denied or cancelled.</summary>
        public string Outcome { get; private set; }

        /// <summary>The line of <paramref name="tool"/>: its folded request, else what the engine recorded; null when nothing is known.</summary>
        public static PermissionLine Of(ToolCard tool)
        {
            var p = tool.Permission;
            if (p != null && !p.Pending)
            {
                return new PermissionLine
                {
                    Outcome = p.Outcome,
                    Tag = Settled(p.Outcome, null, p.Outcome == PermissionResolvedEvent.Cancelled ? null : p.By),
                    Text = Settled(p.Outcome, p.Detail, p.By),
                };
            }
            var outcome = OutcomeOfDecision(tool.Decision);
            if (outcome == null && tool.DecidedBy == null) return null;
            var text = outcome == null ? "Decided by " + Who(tool.DecidedBy) : Settled(outcome, null, tool.DecidedBy);
            // A call that ran without asking shows its line only when expanded, unless it was denied; one the user answered says so
            // in its header, as the live card does (history has no request to fold).
            var asked = outcome != null && tool.DecidedBy == Deciders.User;
            return new PermissionLine { Outcome = outcome, Text = text, Tag = outcome == PermissionResolvedEvent.Denied || asked ? text : null };
        }

        /// <summary>"Allowed", "Denied by you — and the turn stopped", "Cancelled — chat closed".</summary>
        public static string Settled(string outcome, string detail, string by)
        {
            var words = outcome == PermissionResolvedEvent.Allowed ? "Allowed" : outcome == PermissionResolvedEvent.Denied ? "Denied" : outcome == PermissionResolvedEvent.Cancelled ? "Cancelled" : outcome;
            // A cancelled request's detail already says why (withdrawn by claude, chat closed).
            if (outcome != PermissionResolvedEvent.Cancelled && !string.IsNullOrEmpty(by)) words += " by " + Who(by);
            var more = MoreOf(detail);
            return more == null ? words : words + " — " + more;
        }

        /// <summary>"you", "a rule", "the read-only setting", "claude", "Agent Panel"; an unknown name as it is.</summary>
        public static string Who(string by)
        {
            switch (by)
            {
                case Deciders.User: return "you";
                case Deciders.Rule: return "a rule";
                case Deciders.ReadOnlySetting: return "the read-only setting";
                case Deciders.Claude: return "claude";
                case Deciders.Sidecar: return "Agent Panel";
                default: return by;
            }
        }

        /// <summary>The answer's detail in words; the plain answer kinds add nothing to "Allowed"/"Denied".</summary>
        private static string MoreOf(string detail)
        {
            switch (detail)
            {
                case null:
                case "":
                case "allow":
                case "deny":
                    return null;
                case "allow_always": return "always, from now on";
                case "deny_stop": return "and the turn stopped";
                case "answer_questions": return "answered";
                default: return detail;
            }
        }

        private static string OutcomeOfDecision(string decision)
        {
            switch (decision)
            {
                case "accept":
                case "allow":
                    return PermissionResolvedEvent.Allowed;
                case "reject":
                case "deny":
                    return PermissionResolvedEvent.Denied;
                default:
                    return null;
            }
        }
    }
}
