using System.Collections.Generic;
using AgentPanel.Core;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>
    /// The pending permission(s) of the shown chat, placed by the window above the composer: the oldest pending request with
    /// Allow (Y) / Always ▾ / Deny with a reason (N) / Deny and stop, or the choices of an AskUserQuestion. Errors of the answer
    /// (e.g. already_answered) show on the card with what to do.
    /// </summary>
    internal sealed class PermissionBar : VisualElement
    {
        private ChatStore store;
        private ChatModel chat;
        private PermissionCard current;
        private int shownCount;
        private PermissionCardView view;
        private bool sending;
        private string error;

        public PermissionBar()
        {
            AddToClassList("ap-permission-bar");
            focusable = true;
            PanelAssets.Show(this, false);
        }

        /// <summary>A permission of the shown chat waits for an answer.</summary>
        public bool HasPending => current != null;

        public void Show(ChatStore store, ChatModel chat)
        {
            this.store = store;
            this.chat = chat;
            Refresh();
        }

        /// <summary>
        /// Redraw when the oldest pending request changed. The same request seen again (the sidecar repeats pending requests after
        /// every reconnect, a snapshot rebuilds the cards) keeps the card as it is: picks, typed answers and reason stay.
        /// </summary>
        public void Refresh()
        {
            var pending = chat == null || store == null ? new List<PermissionCard>() : chat.PendingPermissions();
            var next = pending.Count > 0 ? pending[0] : null;
            if (next == null)
            {
                current = null;
                view = null;
                Clear();
                PanelAssets.Show(this, false);
                return;
            }
            if (current != null && view != null && next.RequestId == current.RequestId)
            {
                current = next;
                if (pending.Count != shownCount) view.SetPendingCount(shownCount = pending.Count);
                return;
            }
            sending = false;
            error = null;
            current = next;
            shownCount = pending.Count;
            Build(null);
        }

        /// <summary>Y/N handling, called from the window's KeyDownEvent; true when consumed.</summary>
        public bool HandleKey(KeyDownEvent evt)
        {
            if (current == null || view == null) return false;
            var key = evt.keyCode == KeyCode.Y ? ChatKey.Y : evt.keyCode == KeyCode.N ? ChatKey.N : evt.keyCode == KeyCode.Escape ? ChatKey.Escape : ChatKey.Other;
            var modified = evt.ctrlKey || evt.commandKey || evt.altKey;
            var action = PermissionKeys.Decide(key, modified, !sending, InTextField(evt.target as VisualElement), view.ReasonOpen, view.Prompt.IsQuestion);
            switch (action)
            {
                case PermissionKeyAction.Allow:
                    Send(PermissionAnswer.Allow());
                    break;
                case PermissionKeyAction.OpenDenyReason:
                    view.OpenReason();
                    break;
                case PermissionKeyAction.CancelDenyReason:
                    view.CloseReason();
                    break;
                default:
                    return false;
            }
            evt.StopPropagation();
            return true;
        }

        private void Build(string reason)
        {
            Clear();
            PanelAssets.Show(this, true);
            view = new PermissionCardView(PermissionPrompt.Of(current), shownCount, Send, reason);
            view.SetBusy(sending);
            view.SetError(error);
            Add(view);
        }

        /// <summary>Send an answer for the shown request; the resolved event then hides it (here and in every other window).</summary>
        private async void Send(PermissionAnswer answer)
        {
            if (sending || current == null || store == null || chat == null) return;
            var request = current;
            sending = true;
            error = null;
            view?.SetBusy(true);
            view?.SetError(null);
            try
            {
                await store.AnswerPermissionAsync(chat.ChatId, request.RequestId, answer);
            }
            catch (AgentPanelException e)
            {
                SendFailed(request, PermissionPrompt.SendError(e.Code, e.Message));
            }
            catch (System.Exception e)
            {
                // Anything else must not leave the bar disabled for good (the agent would wait for an answer nobody can give).
                Debug.LogException(e);
                SendFailed(request, PermissionPrompt.SendError("error", null));
            }
        }

        private void SendFailed(PermissionCard request, string message)
        {
            if (current == null || request.RequestId != current.RequestId) return;
            sending = false;
            error = message;
            view?.SetBusy(false);
            view?.SetError(error);
        }

        private static bool InTextField(VisualElement element)
        {
            for (var e = element; e != null; e = e.parent)
            {
                if (e is TextField) return true;
            }
            return false;
        }
    }
}
