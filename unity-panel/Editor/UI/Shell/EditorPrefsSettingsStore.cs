using System;
using System.IO;
using AgentPanel.Core.Launch;
using AgentPanel.Core.View;
using UnityEditor;

namespace AgentPanel.Editor.UI
{
    /// <summary>
    /// Keeps the panel settings in EditorPrefs: paths, model and send key per user and machine; the permission settings
    /// (<see cref="PanelPreferences.ProjectKeys"/>) per project, under keys suffixed with the project's hash.
    /// </summary>
    internal sealed class EditorPrefsSettingsStore : ISettingsStore
    {
        private readonly ProjectScopedSettingsStore scoped;

        public EditorPrefsSettingsStore()
        {
            // The project root as the sidecar's descriptor names it (EditorSidecar.Capture); main thread.
            var root = Path.GetDirectoryName(UnityEngine.Application.dataPath);
            var windows = Environment.OSVersion.Platform == PlatformID.Win32NT;
            scoped = new ProjectScopedSettingsStore(new Machine(), ProjectHash.Of(root, windows), PanelPreferences.ProjectKeys);
        }

        public string GetString(string key, string defaultValue) => scoped.GetString(key, defaultValue);
        public void SetString(string key, string value) => scoped.SetString(key, value);
        public void DeleteKey(string key) => scoped.DeleteKey(key);

        /// <summary>EditorPrefs itself.</summary>
        private sealed class Machine : ISettingsStore
        {
            public string GetString(string key, string defaultValue) => EditorPrefs.GetString(key, defaultValue);
            public void SetString(string key, string value) => EditorPrefs.SetString(key, value);
            public void DeleteKey(string key) => EditorPrefs.DeleteKey(key);
        }
    }
}
