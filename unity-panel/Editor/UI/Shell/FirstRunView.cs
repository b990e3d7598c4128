using System;
using AgentPanel.Core.View;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI
{
    /// <summary>The first-run panel: node not found (path field), claude not found, not logged in (the command to run), sidecar failed (its log); each with Retry.</summary>
    internal sealed class FirstRunView
    {
        private readonly VisualElement panel;
        private readonly Label title;
        private readonly Label message;
        private readonly VisualElement commandRow;
        private readonly TextField command;
        private readonly TextField path;
        private readonly Button log;
        private readonly Button retry;
        private FirstRunState shown = FirstRunState.None;

        public FirstRunView(VisualElement root)
        {
            panel = root.Q<VisualElement>("first-run");
            title = root.Q<Label>("first-run-title");
            message = root.Q<Label>("first-run-message");
            message.enableRichText = false;
            commandRow = root.Q<VisualElement>("first-run-command-row");
            command = root.Q<TextField>("first-run-command");
            path = root.Q<TextField>("first-run-path");
            log = root.Q<Button>("first-run-log");
            retry = root.Q<Button>("first-run-retry");
            command.isReadOnly = true;
            root.Q<Button>("first-run-copy").clicked += () => GUIUtility.systemCopyBuffer = command.value;
            log.clicked += () => OpenLog?.Invoke();
            retry.clicked += () => Retry?.Invoke(shown, path.value);
        }

        /// <summary>Retry was clicked: the panel shown and the path typed (for node or claude).</summary>
        public event Action<FirstRunState, string> Retry;
        public event Action OpenLog;

        public bool Visible => shown.Visible;

        /// <summary>Show a panel (or hide it with <see cref="FirstRunState.None"/>); <paramref name="currentPath"/> fills the path field.</summary>
        public void Render(FirstRunState state, string currentPath)
        {
            var changed = state.Panel != shown.Panel;
            shown = state;
            PanelAssets.Show(panel, state.Visible);
            if (!state.Visible) return;
            title.text = state.Title;
            message.text = state.Message;
            command.SetValueWithoutNotify(state.Command);
            PanelAssets.Show(commandRow, state.Command.Length > 0);
            path.label = state.PathField.Length > 0 ? state.PathField + " path" : "";
            if (changed) path.SetValueWithoutNotify(currentPath ?? "");
            PanelAssets.Show(path, state.PathField.Length > 0);
            PanelAssets.Show(log, state.ShowLog);
            retry.text = state.RetryLabel;
        }
    }
}
