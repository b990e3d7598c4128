using AgentPanel.Core.View;
using UnityEditor;

namespace AgentPanel.Editor.UI
{
    /// <summary>Keeps the panel settings in EditorPrefs (per user and machine, shared by all projects).</summary>
    internal sealed class EditorPrefsSettingsStore : ISettingsStore
    {
        public string GetString(string key, string defaultValue) => EditorPrefs.GetString(key, defaultValue);
        public void SetString(string key, string value) => EditorPrefs.SetString(key, value);
        public void DeleteKey(string key) => EditorPrefs.DeleteKey(key);
    }
}
