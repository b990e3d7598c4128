using System;
using System.Linq;
using System.Threading.Tasks;
using AgentPanel.Core;
using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using AgentPanel.Editor.Integration;
using UnityEditor;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI
{
    // What the user does in the window: pick chats and views, send and stop, pick model and mode, attach context. Command failures
    // go to the banner with the sidecar's message. Starting the sidecar and first-run Retry are in PanelShell.Launch.cs.
    internal sealed partial class PanelShell
    {
        private void Wire()
        {
            header.NewChat += () => _ = NewChat();
            header.TabSelected += id =>
            {
                SelectChat(id);
                SwitchView(PanelView.Chat);
            };
            header.TabClosed += id => _ = CloseChat(id);
            header.ToggleView += v => SwitchView(view == v ? PanelView.Chat : v);
            header.ModelPicked += model => Command(chat => store.SetModelAsync(chat, model));
            header.ModePicked += mode => Command(chat => store.SetPermissionModeAsync(chat, mode));
            composerBox.Send += () => _ = SendDraft();
            composerBox.Interrupt += Interrupt;
            composerBox.AttachSelection += () => AddChip(SelectionSummary.Describe(UnityObjectDescriber.Describe(Selection.objects)), "Select GameObjects or assets first, then attach them.");
            composerBox.Dropped += objects => AddChip(SelectionSummary.Describe(UnityObjectDescriber.Describe(objects)), "Drop GameObjects or assets here to attach them.");
            firstRun.Retry += (state, path) => _ = Retry(state, path);
            firstRun.OpenLog += OpenLog;
            history.Resume += (sessionId, fork) => _ = Resume(sessionId, fork);
            history.Failed += message => ShowBanner(message, true);
            settingsView.Saved += () =>
            {
                AgentPanelSession.ReloadSettings();
                TurnSession.ApplySettings(settings);
                Render();
            };
            settingsView.OpenLog += OpenLog;
            root.RegisterCallback<KeyDownEvent>(OnRootKey);
            chatView.LoadOlderWanted = () => _ = LoadEarlier(selectedChatId, true);
        }

        private void SelectChat(string chatId)
        {
            if (store == null || chatId == null) return;
            var switched = chatId != selectedChatId;
            RememberScroll();
            selectedChatId = chatId;
            composer.SwitchTo(chatId);
            var chat = store.Get(chatId) ?? store.Follow(chatId);
            attention.Observe(chat);
            chatView.Show(store, chat, false);
            permissionBar.Show(store, chat);
            if (switched) chatView.RestoreScroll(scrollOffsets.TryGetValue(chatId, out var offset) ? offset : (float?)null);
            Render();
        }

        private void SwitchView(PanelView next)
        {
            view = next;
            if (view == PanelView.History) history.Show();
            else history.Hide();
            if (view == PanelView.Settings) settingsView.Load();
            if (view == PanelView.Settings) mcpConnect.Refresh();
            if (view == PanelView.History) history.Render();
            Render();
            if (view == PanelView.Chat) composerBox.Focus();
        }

        private async Task<ChatModel> NewChat()
        {
            if (store == null) return null;
            try
            {
                var chat = await store.OpenAsync(LaunchOptions());
                if (disposed) return chat;
                SelectChat(chat.ChatId);
                SwitchView(PanelView.Chat);
                return chat;
            }
            catch (AgentPanelException e)
            {
                ShowBanner("Could not open a chat: " + e.Message, true);
                return null;
            }
        }

        /// <summary>The settings every new or resumed chat starts with.</summary>
        private ChatLaunchOptions LaunchOptions()
        {
            var mode = settings.DefaultPermissionMode;
            return new ChatLaunchOptions
            {
                Model = settings.DefaultModel,
                PermissionMode = mode == PermissionModes.Default ? null : mode,
                AllowBypassPermissions = settings.AllowBypassPermissions,
                AllowedTools = settings.AllowedTools,
                DisallowedTools = settings.DisallowedTools,
                ClaudePath = settings.ClaudePath,
                PreAllowReadOnlyTools = settings.PreAllowReadOnlyTools,
            };
        }

        private async Task CloseChat(string chatId)
        {
            var chat = store?.Get(chatId);
            if (store == null) return;
            if (chat != null && chat.Status.Busy && !EditorUtility.DisplayDialog("Close this chat?", "Claude is still working in this chat. Closing it stops the turn and its claude process; the session stays in History.", "Close", "Cancel")) return;
            try
            {
                await store.CloseAsync(chatId);
            }
            catch (AgentPanelException e)
            {
                if (!disposed) ShowBanner("Could not close the chat: " + e.Message, true);
                return;
            }
            if (disposed) return;
            composer.Forget(chatId);
            scrollOffsets.Remove(chatId);
            if (chatId == selectedChatId)
            {
                var next = store.Summaries.FirstOrDefault(s => s.ChatId != chatId);
                if (next != null) SelectChat(next.ChatId);
                else ShowNoChat();
            }
            Render();
        }

        /// <summary>No chat selected (the last one was closed): an empty transcript; the next Send opens a new chat.</summary>
        private void ShowNoChat()
        {
            selectedChatId = null;
            composer.SwitchTo(ComposerState.NoChat);
            chatView.Show(store, null, false);
            permissionBar.Show(store, null);
        }

        private async Task Resume(string sessionId, bool fork)
        {
            if (store == null) return;
            try
            {
                var options = LaunchOptions();
                options.Model = null; // a resumed session keeps the model it had
                var chat = await store.ResumeAsync(sessionId, fork, options);
                if (disposed) return;
                SelectChat(chat.ChatId);
                SwitchView(PanelView.Chat);
                await LoadEarlier(chat.ChatId, false);
            }
            catch (AgentPanelException e)
            {
                ShowBanner("Could not resume the session: " + e.Message, true);
            }
        }

        /// <summary>Load the next page of a resumed chat's earlier conversation (the newest first) and show it above the chat's cards.</summary>
        private async Task LoadEarlier(string chatId, bool keepScroll)
        {
            if (store == null || chatId == null) return;
            var fromBottom = chatView.DistanceFromBottom;
            var load = store.LoadEarlierAsync(chatId);
            chatView.Refresh(); // "Loading…"
            try
            {
                if (!await load) return;
            }
            catch (AgentPanelException e)
            {
                ShowBanner("Could not load the earlier conversation: " + e.Message, true);
                return;
            }
            if (disposed || chatId != selectedChatId) return;
            chatView.Refresh();
            if (keepScroll) chatView.RestoreScroll(fromBottom, true);
        }

        private async Task SendDraft()
        {
            var text = composer.TakeForSend();
            if (text == null || store == null) return;
            var sentChips = chips.ToList();
            chips.Clear();
            Render();
            var chatId = Selected != null && Selected.Lost == null ? selectedChatId : null;
            var sent = false;
            try
            {
                if (chatId == null) chatId = (await NewChat())?.ChatId;
                if (chatId != null)
                {
                    await store.SendAsync(chatId, text, sentChips.Select(c => c.ToAttachment()).ToList());
                    sent = true;
                }
            }
            catch (AgentPanelException e)
            {
                ShowBanner("Not sent: " + e.Message, true);
            }
            composer.SendFinished(chatId ?? ComposerState.NoChat, text, sent);
            if (!sent) chips.InsertRange(0, sentChips);
            // The user wants to see the prompt they just sent (and the reply) even if they had scrolled up.
            if (sent && chatId == selectedChatId && !disposed) chatView.JumpToLatest();
            Render();
        }

        private void Interrupt() => Command(chat => store.InterruptAsync(chat));

        private void AskToFix(string prompt)
        {
            if (prompt.Length == 0) return;
            SwitchView(PanelView.Chat);
            // The errors go out as their own prompt; what the user was typing stays in the composer.
            var typed = composer.Draft;
            composer.Draft = prompt;
            _ = SendDraft();
            var taken = composer.Draft.Length == 0;
            if (taken || typed.Length > 0) composer.Draft = typed;
            if (!taken && typed.Length > 0) ShowBanner("The errors were not sent (not connected, or a prompt is still being sent); try Ask to fix again in a moment.", true);
            Render();
        }

        private void AddChip(ContextChip chip, string whenEmpty)
        {
            if (chip == null)
            {
                ShowBanner(whenEmpty, false);
                return;
            }
            chips.RemoveAll(c => c.Label == chip.Label && c.Text == chip.Text);
            chips.Add(chip);
            Render();
        }

        private void RemoveChip(ContextChip chip)
        {
            chips.Remove(chip);
            Render();
        }

        private async void Command(Func<string, Task> command)
        {
            var chatId = selectedChatId;
            if (store == null || chatId == null) return;
            try
            {
                await command(chatId);
            }
            catch (AgentPanelException e)
            {
                ShowBanner(e.Message, true);
            }
            Render();
        }

        private void OnRootKey(KeyDownEvent evt)
        {
            if (view != PanelView.Chat) return;
            if (permissionBar.HandleKey(evt)) return;
            if (evt.keyCode != KeyCode.Escape || !composer.Busy) return;
            evt.StopPropagation();
            Interrupt();
        }
    }
}
