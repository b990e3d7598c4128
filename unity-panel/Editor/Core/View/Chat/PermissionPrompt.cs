using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;

namespace AgentPanel.Core.View
{
    /// <summary>One entry of the "Always ▾" menu: the suggestion indexes it sends (null = all) and what it does in words.</summary>
    internal sealed class AlwaysChoice
    {
        public AlwaysChoice(List<int> indexes, string text)
        {
            Indexes = indexes;
            Text = text;
        }

        /// <summary>Indexes into the request's suggestions; null means all of them.</summary>
        public List<int> Indexes { get; }
        public string Text { get; }
    }

    /// <summary>What a permission card shows and which answers it offers: title, summary, diff for edits, the Always choices, questions; plus the deny rule.</summary>
    internal sealed class PermissionPrompt
    {
        /// <summary>Shown when Deny is pressed with an empty reason.</summary>
        public const string ReasonRequired = "Type a reason for Claude (what to do instead), then press Enter or Deny.";

        public string RequestId { get; private set; }
        public string ToolName { get; private set; }
        /// <summary>"Allow Bash?" or "Claude has a question".</summary>
        public string Title { get; private set; }
        public string Badge { get; private set; }
        public string Summary { get; private set; }
        /// <summary>The engine's description when it says more than the summary, else null.</summary>
        public string Description { get; private set; }
        /// <summary>"Path: …", or null when there is none or the summary already names it (the path is shown once).</summary>
        public string BlockedPath { get; private set; }
        /// <summary>The change of an Edit/MultiEdit/Write request, else null.</summary>
        public List<DiffLine> Diff { get; private set; }
        /// <summary>The tool input as JSON (for other tools and as an expandable detail).</summary>
        public string Input { get; private set; }
        /// <summary>The Always ▾ entries (empty when the CLI suggested none: then there is no Always button).</summary>
        public List<AlwaysChoice> Always { get; private set; }
        public bool IsQuestion { get; private set; }
        public List<QuestionItem> Questions { get; private set; }
        public bool Pending { get; private set; }
        /// <summary>"Allowed — always, from now on", "Denied", "Cancelled — claude exited"; null while pending.</summary>
        public string Outcome { get; private set; }
        /// <summary>"Destructive: …" for a destructive tool of the sidecar, else null.</summary>
        public string Destructive { get; private set; }
        /// <summary>The dry run's text (a destructive tool of the sidecar), else null.</summary>
        public string DryRun { get; private set; }
        /// <summary>Pictures of the dry run (may be empty).</summary>
        public List<ToolContent> DryRunImages { get; private set; }

        public static PermissionPrompt Of(PermissionCard card)
        {
            var r = card.Request ?? new PermissionRequestedEvent { RequestId = card.RequestId, ToolName = "tool" };
            var tool = r.ToolName ?? "tool";
            var label = r.AgentTool?.Title ?? tool;
            var summary = ChatFormat.ShortSummary(label, r.Summary);
            var prompt = new PermissionPrompt
            {
                RequestId = card.RequestId,
                ToolName = tool,
                IsQuestion = r.IsQuestion,
                Title = r.IsQuestion ? "Claude has a question" : "Allow " + label + "?",
                Badge = r.IsQuestion ? "Question" : "Permission",
                Summary = r.IsQuestion ? "" : summary,
                Description = string.IsNullOrEmpty(r.Description) || r.Description == r.Summary || r.Description == summary || IsPathIn(summary, r.Description) ? null : r.Description,
                BlockedPath = string.IsNullOrEmpty(r.BlockedPath) || ChatFormat.PathShownIn(r.IsQuestion ? "" : summary, r.BlockedPath) ? null : "Path: " + r.BlockedPath,
                Diff = r.IsQuestion ? null : EditDiff.Of(tool, r.Input),
                Input = r.IsQuestion ? "" : ChatFormat.Clip(ChatFormat.Json(r.Input), ToolLine.MaxLines, ToolLine.MaxChars),
                Always = AlwaysChoices(r),
                Questions = r.IsQuestion ? QuestionItem.Parse(r.Input) : new List<QuestionItem>(),
                Pending = card.Pending,
                Outcome = card.Pending ? null : OutcomeText(card.Outcome, card.Detail, card.By),
                Destructive = r.AgentTool != null && r.AgentTool.Destructive ? "Destructive: this tool changes or deletes project data." : null,
                DryRun = DryRunText(r.DryRun),
                DryRunImages = r.DryRun?.Content?.FindAll(c => c.Type == ToolContent.ImageType) ?? new List<ToolContent>(),
            };
            return prompt;
        }

        /// <summary>A description that is only a path the summary already names (claude's description of a Write is its file).</summary>
        private static bool IsPathIn(string summary, string description)
        {
            return description.IndexOfAny(new[] { ' ', '\t', '\n' }) < 0 && ChatFormat.PathShownIn(summary, description);
        }

        private static string DryRunText(ToolResult dryRun)
        {
            if (dryRun == null) return null;
            var lines = new List<string>();
            foreach (var c in dryRun.Content ?? new List<ToolContent>()) if (c.Type == ToolContent.TextType && !string.IsNullOrEmpty(c.Text)) lines.Add(c.Text);
            if (lines.Count == 0 && dryRun.Error != null) lines.Add(dryRun.Error.Message);
            return ChatFormat.Clip(string.Join("\n", lines), ToolLine.MaxLines, ToolLine.MaxChars);
        }

        /// <summary>One entry per suggestion, plus "All of the above" when there are several.</summary>
        public static List<AlwaysChoice> AlwaysChoices(PermissionRequestedEvent r)
        {
            var choices = new List<AlwaysChoice>();
            if (r.Suggestions == null || r.IsQuestion) return choices;
            for (var i = 0; i < r.Suggestions.Count; i++) choices.Add(new AlwaysChoice(new List<int> { i }, SuggestionText.Describe(r.Suggestions[i])));
            if (choices.Count > 1) choices.Add(new AlwaysChoice(null, "All of the above"));
            return choices;
        }

        /// <summary>The Deny answer for a typed reason, or null with <paramref name="error"/> when the reason is empty.</summary>
        public static PermissionAnswer Deny(string reason, out string error)
        {
            var text = reason?.Trim() ?? "";
            if (text.Length == 0)
            {
                error = ReasonRequired;
                return null;
            }
            error = null;
            return PermissionAnswer.Deny(text);
        }

        /// <summary>Deny and stop: the reason is optional.</summary>
        public static PermissionAnswer DenyAndStop(string reason)
        {
            var text = reason?.Trim() ?? "";
            return PermissionAnswer.DenyAndStop(text.Length == 0 ? null : text);
        }

        /// <summary>The resolution in words ("Allowed by you — always, from now on"); see <see cref="PermissionLine.Settled"/>.</summary>
        public static string OutcomeText(string outcome, string detail, string by = null)
        {
            return PermissionLine.Settled(outcome, detail, by);
        }

        /// <summary>What to show under the card when sending an answer failed (e.g. already_answered), saying what to do.</summary>
        public static string SendError(string code, string message)
        {
            switch (code)
            {
                case ErrorCodes.NotConnected:
                case ErrorCodes.ConnectionLost:
                case ErrorCodes.Closed:
                    return "Not connected to the sidecar; wait until it reconnects, then answer again.";
                case SidecarErrorCodes.AlreadyAnswered:
                    return string.IsNullOrEmpty(message) ? "This request was already answered or cancelled; nothing more to do." : message;
                default:
                    return string.IsNullOrEmpty(message) ? "Sending the answer failed (" + code + "); try again." : message;
            }
        }
    }
}
