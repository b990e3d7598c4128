using AgentPanel.Editor.Integration;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.UI
{
    /// <summary>Window &gt; Agent Panel: the UI Toolkit window over the Core; <see cref="PanelShell"/> does the work, this class only follows Unity's window life.</summary>
    internal sealed class AgentPanelWindow : EditorWindow
    {
        private PanelShell shell;

        [MenuItem("Window/Agent Panel")]
        private static void Open()
        {
            var window = GetWindow<AgentPanelWindow>();
            window.titleContent = new GUIContent(PanelShell.BaseTitle);
            window.Show();
        }

        private void CreateGUI()
        {
            titleContent = new GUIContent(PanelShell.BaseTitle);
            // Never two shells on one window (each would follow the store and save the memory).
            shell?.Dispose();
            shell = new PanelShell(rootVisualElement, SetTitle);
            shell.Start();
            // After a domain reload the window is usually not focused (the user is in the code editor) and OnLostFocus never
            // comes: start from the real keyboard focus so a turn ending meanwhile still raises the badge. (`hasFocus` is
            // "this tab is the selected one in its dock", not keyboard focus.)
            shell.SetFocused(focusedWindow == this);
        }

        private void SetTitle(string title)
        {
            if (titleContent.text != title) titleContent = new GUIContent(title);
        }

        private void OnDisable()
        {
            // Never blocks: saving is a SessionState write, and the session (not the window) owns the connection.
            shell?.Dispose();
            shell = null;
        }

        private void OnDestroy()
        {
            // The window was closed (a domain reload disables and re-enables it, never destroys it): the session's connection is
            // shut down; the sidecar and its chats keep running until the Editor exits, and reopening the window lists them.
            AgentPanelSession.Stop();
        }

        private void OnFocus() => shell?.SetFocused(true);

        private void OnLostFocus() => shell?.SetFocused(false);
    }
}
