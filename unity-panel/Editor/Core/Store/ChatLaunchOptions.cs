using System.Collections.Generic;

namespace AgentPanel.Core.Store
{
    /// <summary>How the panel wants a new or resumed chat's claude started (from its settings); blank values mean the sidecar's defaults.</summary>
    internal sealed class ChatLaunchOptions
    {
        public string Model { get; set; }
        public string PermissionMode { get; set; }
        /// <summary>Lets the chat switch to bypassPermissions later.</summary>
        public bool AllowBypassPermissions { get; set; }
        public IList<string> AllowedTools { get; set; }
        public IList<string> DisallowedTools { get; set; }
        /// <summary>A claude binary other than the one the sidecar found at start.</summary>
        public string ClaudePath { get; set; }
        /// <summary>Run read-only tools of the sidecar without a card (true = the sidecar's default, sent only when off).</summary>
        public bool PreAllowReadOnlyTools { get; set; } = true;
    }
}
