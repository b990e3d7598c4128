using System;
using System.Collections.Generic;

namespace AgentPanel.Core.View
{
    /// <summary>
    /// Keeps some settings per project inside a per-machine store (EditorPrefs): a key listed as per-project is stored as
    /// <c>key@&lt;project id&gt;</c>, the others unchanged. Permission settings must not follow the user from one project to
    /// another: allowing "bypass permissions" or a Bash rule in a sandbox must not allow it in every project on the machine.
    /// Values saved machine-wide by earlier versions are not read for per-project keys.
    /// </summary>
    internal sealed class ProjectScopedSettingsStore : ISettingsStore
    {
        private readonly ISettingsStore inner;
        private readonly string projectId;
        private readonly HashSet<string> projectKeys;

        /// <param name="projectId">A stable id of the project (the sidecar's project hash).</param>
        /// <param name="projectKeys">The keys kept per project.</param>
        public ProjectScopedSettingsStore(ISettingsStore inner, string projectId, IEnumerable<string> projectKeys)
        {
            this.inner = inner ?? throw new ArgumentNullException(nameof(inner));
            if (string.IsNullOrEmpty(projectId)) throw new ArgumentException("a project id is required", nameof(projectId));
            this.projectId = projectId;
            this.projectKeys = new HashSet<string>(projectKeys ?? throw new ArgumentNullException(nameof(projectKeys)), StringComparer.Ordinal);
        }

        /// <summary>The key actually stored for <paramref name="key"/>.</summary>
        public string StoredKey(string key) => projectKeys.Contains(key) ? key + "@" + projectId : key;

        public string GetString(string key, string defaultValue) => inner.GetString(StoredKey(key), defaultValue);

        public void SetString(string key, string value) => inner.SetString(StoredKey(key), value);

        public void DeleteKey(string key) => inner.DeleteKey(StoredKey(key));
    }
}
