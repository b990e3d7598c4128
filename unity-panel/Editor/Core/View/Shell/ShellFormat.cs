using System;
using System.Collections.Generic;
using System.Globalization;
using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.View
{
    /// <summary>Labels of the window chrome (chat states, permission modes, relative times); same wording as the browser panel's format.ts.</summary>
    internal static class ShellFormat
    {
        private static readonly Dictionary<string, string> StateLabels = new Dictionary<string, string>
        {
            [ChatStates.Starting] = "Starting…",
            [ChatStates.Ready] = "Ready",
            [ChatStates.Streaming] = "Responding…",
            [ChatStates.ToolRunning] = "Running a tool…",
            [ChatStates.WaitingPermission] = "Waiting for your approval",
            [ChatStates.Resuming] = "Reconnecting to Claude…",
            [ChatStates.AuthRequired] = "Sign-in required",
            [ChatStates.Errored] = "Error",
            [ChatStates.Closed] = "Closed",
        };

        private static readonly Dictionary<string, string> ModeLabels = new Dictionary<string, string>
        {
            [PermissionModes.Default] = "Ask before acting",
            [PermissionModes.AcceptEdits] = "Accept edits",
            [PermissionModes.Plan] = "Plan only",
            [PermissionModes.BypassPermissions] = "Bypass permissions",
        };

        /// <summary>Human label of a chat state ("Connecting…" before the first state, the raw name for a newer one).</summary>
        public static string StateLabel(string state)
        {
            if (state == null) return "Connecting…";
            return StateLabels.TryGetValue(state, out var label) ? label : state;
        }

        /// <summary>Human label of a permission mode (the raw name for an unknown one).</summary>
        public static string ModeLabel(string mode)
        {
            if (mode == null) return "";
            return ModeLabels.TryGetValue(mode, out var label) ? label : mode;
        }

        /// <summary>The second line of a History row: branch, model, message count (approximate with "~"), size.</summary>
        public static string SessionDetails(string gitBranch, string model, long messages, bool exact, long sizeBytes)
        {
            var parts = new List<string>();
            if (!string.IsNullOrWhiteSpace(gitBranch)) parts.Add(gitBranch.Trim());
            if (!string.IsNullOrWhiteSpace(model)) parts.Add(model.Trim());
            if (messages > 0) parts.Add((exact ? "" : "~") + messages.ToString(CultureInfo.InvariantCulture) + (messages == 1 ? " message" : " messages"));
            parts.Add(Bytes(sizeBytes));
            return string.Join(" · ", parts);
        }

        /// <summary>A file size for people: "820 B", "14 KB", "1.2 MB", "3.4 GB" (1024-based, one decimal below 10).</summary>
        public static string Bytes(long bytes)
        {
            if (bytes < 1024) return Math.Max(0, bytes).ToString(CultureInfo.InvariantCulture) + " B";
            var units = new[] { "KB", "MB", "GB", "TB" };
            double value = bytes;
            var unit = -1;
            while (value >= 1024 && unit < units.Length - 1)
            {
                value /= 1024;
                unit++;
            }
            var text = value < 10 ? value.ToString("0.#", CultureInfo.InvariantCulture) : Math.Round(value).ToString(CultureInfo.InvariantCulture);
            return text + " " + units[unit];
        }

        /// <summary>"just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date; "" when <paramref name="iso"/> is not a time.</summary>
        public static string RelativeTime(string iso, DateTime nowUtc)
        {
            if (!DateTime.TryParse(iso, CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal, out var t)) return "";
            var s = Math.Max(0, (long)Math.Round((nowUtc - t).TotalSeconds));
            if (s < 60) return "just now";
            if (s < 3600) return s / 60 + " min ago";
            if (s < 86400) return s / 3600 + " h ago";
            var days = s / 86400;
            if (days == 1) return "yesterday";
            if (days < 7) return days + " days ago";
            return t.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);
        }
    }

    /// <summary>The permission modes the pickers offer (bypassPermissions only when the settings allow it).</summary>
    internal static class PermissionModes
    {
        public const string Default = "default";
        public const string AcceptEdits = "acceptEdits";
        public const string Plan = "plan";
        public const string BypassPermissions = "bypassPermissions";

        /// <summary>The modes to offer, in order; <paramref name="current"/> is added first if it is another one.</summary>
        public static List<string> Offered(bool allowBypass, string current = null)
        {
            var modes = new List<string> { Default, AcceptEdits, Plan };
            if (allowBypass) modes.Add(BypassPermissions);
            if (!string.IsNullOrEmpty(current) && !modes.Contains(current)) modes.Insert(0, current);
            return modes;
        }

        /// <summary>True for a mode the settings may store as the default.</summary>
        public static bool IsKnown(string mode)
        {
            return mode == Default || mode == AcceptEdits || mode == Plan || mode == BypassPermissions;
        }
    }
}
