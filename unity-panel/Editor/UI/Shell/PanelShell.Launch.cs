using System;
using System.Threading.Tasks;
using AgentPanel.Core;
using AgentPanel.Core.View;
using AgentPanel.Editor.Integration;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.UI
{
    // Starting the sidecar and the first-run problems: which panel blocks the chat, Retry for each of them, and the log.
    internal sealed partial class PanelShell
    {
        private FirstRunState launchProblem = FirstRunState.None;
        private string dismissedChat;
        private int dismissedRevision;

        private FirstRunState FirstRunProblem()
        {
            if (launchProblem.Visible) return launchProblem;
            var chat = Selected;
            if (chat == null || (chat.ChatId == dismissedChat && chat.Revision == dismissedRevision)) return FirstRunState.None;
            return FirstRunState.FromChat(chat);
        }

        private async Task EnsureSidecar()
        {
            launchProblem = FirstRunState.None;
            Render();
            try
            {
                await AgentPanelSession.EnsureSidecarAsync();
            }
            catch (AgentPanelException e)
            {
                launchProblem = FirstRunState.FromLaunchError(e);
            }
            catch (Exception e)
            {
                launchProblem = FirstRunState.FromLaunchError(new SidecarLaunchException(ErrorCodes.SidecarStartFailed, "Starting the sidecar failed: " + e.Message, e));
            }
            // Closed while the sidecar was starting: attaching now would leave a dead window subscribed to the store for good.
            if (disposed) return;
            Attach(AgentPanelSession.Store, AgentPanelSession.Connection);
            Render();
        }

        private async Task Retry(FirstRunState state, string path)
        {
            switch (state.Panel)
            {
                case FirstRunPanel.NodeNotFound:
                    settings.NodePath = path;
                    AgentPanelSession.ReloadSettings();
                    await EnsureSidecar();
                    break;
                case FirstRunPanel.ClaudeNotFound:
                    // New chats are opened with the claude path from the settings: no sidecar restart needed.
                    settings.ClaudePath = path;
                    var failed = selectedChatId;
                    if (await NewChat() != null && failed != null && store != null)
                    {
                        attention.Forget(failed);
                        _ = store.CloseAsync(failed).ContinueWith(t => { _ = t.Exception; }, TaskContinuationOptions.OnlyOnFaulted);
                    }
                    break;
                case FirstRunPanel.NotLoggedIn:
                    dismissedChat = selectedChatId;
                    dismissedRevision = Selected?.Revision ?? 0;
                    Render();
                    composerBox.Focus();
                    break;
                default:
                    await EnsureSidecar();
                    break;
            }
        }

        private static void OpenLog()
        {
            var log = AgentPanelSession.LogFile;
            if (System.IO.File.Exists(log)) EditorUtility.OpenWithDefaultApp(log);
            else Debug.Log("[Agent Panel] No sidecar log yet at " + log + "; it is written when the panel starts the sidecar.");
        }
    }
}
