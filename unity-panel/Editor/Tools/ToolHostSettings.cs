using System.Collections.Generic;
using AgentPanel.Core.Tools;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Tools
{
    /// <summary>How an unfocused Editor is woken for tool calls.</summary>
    internal enum WakeMode
    {
        /// <summary>Only while a call waits (the default): no CPU cost when idle.</summary>
        WhileCallsWait = 0,
        /// <summary>All the time: calls start within milliseconds, at the cost of an Editor that never idles.</summary>
        Always = 1,
    }

    /// <summary>The tool host's settings (per user, in EditorPrefs), shown under Preferences > Agent Panel Tools.</summary>
    internal static class ToolHostSettings
    {
        private const string AutoStartKey = "AgentPanel.Tools.AutoStart";
        private const string WakeKey = "AgentPanel.Tools.Wake";
        private const string LogKey = "AgentPanel.Tools.LogRequests";

        // Read on every Editor update (the waker) and every call: EditorPrefs is asked once, then only written on change.
        private static readonly CachedSetting<WakeMode> WakeSetting = new CachedSetting<WakeMode>(
            () => (WakeMode)EditorPrefs.GetInt(WakeKey, (int)WakeMode.WhileCallsWait), v => EditorPrefs.SetInt(WakeKey, (int)v));
        private static readonly CachedSetting<bool> LogSetting = new CachedSetting<bool>(() => EditorPrefs.GetBool(LogKey, false), v => EditorPrefs.SetBool(LogKey, v));

        /// <summary>Start the tool host (and the sidecar) when the Editor starts, window open or not. On by default.</summary>
        public static bool AutoStart
        {
            get => EditorPrefs.GetBool(AutoStartKey, true);
            set => EditorPrefs.SetBool(AutoStartKey, value);
        }

        /// <summary>When to keep an unfocused Editor awake.</summary>
        public static WakeMode Wake
        {
            get => WakeSetting.Value;
            set => WakeSetting.Value = value;
        }

        /// <summary>Write each call to the Console. Off by default: the lines would show up in the console tool's own results.</summary>
        public static bool LogRequests
        {
            get => LogSetting.Value;
            set
            {
                if (value != LogSetting.Value) LogSetting.Value = value;
            }
        }

        [SettingsProvider]
        private static SettingsProvider Provider()
        {
            return new SettingsProvider("Preferences/Agent Panel Tools", SettingsScope.User)
            {
                label = "Agent Panel Tools",
                keywords = new HashSet<string>(new[] { "MCP", "tools", "agent", "wake" }),
                guiHandler = _ => Draw(),
            };
        }

        private static void Draw()
        {
            EditorGUILayout.LabelField("Unity tools for the agent and other MCP clients", EditorStyles.boldLabel);
            var start = EditorGUILayout.Toggle(new GUIContent("Start with the Editor", "Connect the tools (starting the project's sidecar if needed) when the Editor starts, even if the panel is never opened."), AutoStart);
            if (start != AutoStart)
            {
                AutoStart = start;
                if (start) EditorToolHost.Start();
            }
            var wake = (WakeMode)EditorGUILayout.EnumPopup(new GUIContent("Wake an unfocused Editor", "An unfocused Editor updates only about every 100 ms. While calls wait it is woken either way; Always keeps it awake."), Wake);
            if (wake != Wake)
            {
                Wake = wake;
                // The sidecar's /health reports the mode from the publish.
                EditorToolLink.Republish();
            }
            LogRequests = EditorGUILayout.Toggle(new GUIContent("Log calls to the Console", "Off by default: the lines would also appear in the console tool's results."), LogRequests);
            EditorGUILayout.Space();
            EditorGUILayout.LabelField("Host", EditorToolHost.StatusLine);
            EditorGUILayout.LabelField("Connection", EditorToolLink.StatusLine);
            EditorGUILayout.LabelField("Tools", EditorToolHost.ToolCount.ToString());
            if (GUILayout.Button("Rebuild the catalog", GUILayout.Width(160))) EditorToolHost.Rebuild();
        }
    }
}
