using System;
using AgentPanel.Core.Tools.Definitions;
using UnityEditor;

namespace AgentPanel.Editor.Tools.Definitions
{
    /// <summary>
    /// Probe values kept in SessionState, which outlives a domain reload; <see cref="DomainId"/> is new in every domain,
    /// so the probe executor sees a reload as a new baseline.
    /// </summary>
    internal sealed class SessionProbeStore : IProbeStore
    {
        /// <summary>This domain's id: a static field, so every domain load gets a new one.</summary>
        public static readonly string DomainId = Guid.NewGuid().ToString("N");

        public string Load(string key) => SessionState.GetString(key, null);

        public void Save(string key, string json) => SessionState.SetString(key, json);
    }
}
