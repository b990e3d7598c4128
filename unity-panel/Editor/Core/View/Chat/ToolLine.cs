using System.Collections.Generic;
using AgentPanel.Core.Store;

namespace AgentPanel.Core.View
{
    /// <summary>How a tool (or a group of tools) is doing, as the icon shows it.</summary>
    internal enum ToolIcon
    {
        Running,
        /// <summary>Running and waiting for the user's permission answer.</summary>
        Awaiting,
        Succeeded,
        Failed,
    }

    /// <summary>What a tool card shows: icon, name, one-line summary, duration, and the expandable input/result (size-capped).</summary>
    internal sealed class ToolLine
    {
        /// <summary>Caps of the expandable input and result text.</summary>
        public const int MaxLines = 60;
        public const int MaxChars = 20000;

        public ToolIcon Icon { get; private set; }
        public string IconText { get; private set; }
        public string StatusLabel { get; private set; }
        public string Name { get; private set; }
        public string Summary { get; private set; }
        /// <summary>The full summary (tooltip), when it differs from <see cref="Summary"/>.</summary>
        public string Tooltip { get; private set; }
        public string Duration { get; private set; }
        public string Input { get; private set; }
        /// <summary>"Result", "Error", or null while no result arrived.</summary>
        public string ResultLabel { get; private set; }
        public string Result { get; private set; }
        /// <summary>How the permission went ("Allowed by you — always, from now on"), or null when nothing is known.</summary>
        public string Decision { get; private set; }
        /// <summary>The same, short, for the header ("Allowed by you"): set when a request was asked (and folded into this card) or the call was denied.</summary>
        public string PermissionTag { get; private set; }
        /// <summary>allowed / denied / cancelled when known (the header tag's colour).</summary>
        public string PermissionOutcome { get; private set; }

        /// <summary>The line of <paramref name="tool"/>; <paramref name="awaitingApproval"/> when a pending permission names its tool use id.</summary>
        public static ToolLine Of(ToolCard tool, bool awaitingApproval)
        {
            var icon = IconOf(tool.Status, awaitingApproval);
            var name = tool.Title ?? tool.Name ?? "tool";
            var summary = ChatFormat.ShortSummary(name, tool.Summary);
            var permission = PermissionLine.Of(tool);
            return new ToolLine
            {
                Icon = icon,
                IconText = IconTextOf(icon),
                StatusLabel = LabelOf(icon),
                Name = name,
                Summary = summary,
                Tooltip = string.IsNullOrEmpty(tool.Summary) || tool.Summary == summary ? null : tool.Summary,
                Duration = tool.DurationMs.HasValue ? ChatFormat.Duration(tool.DurationMs.Value) : "",
                Input = ChatFormat.Clip(ChatFormat.Json(tool.Input), MaxLines, MaxChars),
                ResultLabel = tool.Result == null ? null : tool.Status == ToolStatus.Failed ? "Error" : "Result",
                Result = tool.Result == null ? null : ChatFormat.Clip(tool.Result, MaxLines, MaxChars),
                Decision = permission?.Text,
                PermissionTag = permission?.Tag,
                PermissionOutcome = permission?.Outcome,
            };
        }

        public static ToolIcon IconOf(ToolStatus status, bool awaitingApproval)
        {
            switch (status)
            {
                case ToolStatus.Succeeded: return ToolIcon.Succeeded;
                case ToolStatus.Failed: return ToolIcon.Failed;
                default: return awaitingApproval ? ToolIcon.Awaiting : ToolIcon.Running;
            }
        }

        /// <summary>⏳ / ? / ✓ / ✗.</summary>
        public static string IconTextOf(ToolIcon icon)
        {
            switch (icon)
            {
                case ToolIcon.Succeeded: return "✓";
                case ToolIcon.Failed: return "✗";
                case ToolIcon.Awaiting: return "?";
                default: return "⏳";
            }
        }

        public static string LabelOf(ToolIcon icon)
        {
            switch (icon)
            {
                case ToolIcon.Succeeded: return "Succeeded";
                case ToolIcon.Failed: return "Failed";
                case ToolIcon.Awaiting: return "Waiting for approval";
                default: return "Running";
            }
        }
    }

    /// <summary>What a group of 3+ consecutive tool calls shows collapsed: "5 tools · Read, Edit, Bash", icon, duration, failures.</summary>
    internal sealed class ToolGroupLine
    {
        /// <summary>Distinct tool names listed in the title before "…".</summary>
        public const int MaxNames = 4;

        public ToolIcon Icon { get; private set; }
        public string IconText { get; private set; }
        public string Title { get; private set; }
        /// <summary>Sum of the finished tools' durations, or "".</summary>
        public string Duration { get; private set; }
        /// <summary>"1 failed", "2 running", or "".</summary>
        public string Detail { get; private set; }

        /// <summary>The line of <paramref name="group"/>; <paramref name="awaiting"/> holds tool use ids waiting for a permission answer.</summary>
        public static ToolGroupLine Of(ToolGroupCard group, ICollection<string> awaiting)
        {
            var names = new List<string>();
            double total = 0;
            var timed = false;
            int failed = 0, running = 0;
            var waiting = false;
            foreach (var tool in group.Tools)
            {
                var name = tool.Title ?? tool.Name ?? "tool";
                if (!names.Contains(name)) names.Add(name);
                if (tool.DurationMs.HasValue)
                {
                    total += tool.DurationMs.Value;
                    timed = true;
                }
                if (tool.Status == ToolStatus.Failed) failed++;
                if (tool.Status == ToolStatus.Running)
                {
                    running++;
                    waiting |= awaiting != null && awaiting.Contains(tool.ToolUseId);
                }
            }
            var shown = names.Count > MaxNames ? string.Join(", ", names.GetRange(0, MaxNames)) + ", …" : string.Join(", ", names);
            var icon = ToolLine.IconOf(group.Status, waiting);
            var details = new List<string>();
            if (failed > 0) details.Add(failed + " failed");
            if (running > 0) details.Add(running + " running");
            return new ToolGroupLine
            {
                Icon = icon,
                IconText = ToolLine.IconTextOf(icon),
                Title = ChatFormat.Count(group.Tools.Count, "tool", "tools") + " · " + shown,
                Duration = timed ? ChatFormat.Duration(total) : "",
                Detail = string.Join(" · ", details),
            };
        }
    }
}
