using System;
using AgentPanel.Core;
using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>The banner over the transcript: a notice that needs action (not logged in → Retry; the chat failed) or why the chat can no longer be followed.</summary>
    internal sealed class BannerElement : VisualElement
    {
        private readonly LongText text;
        private readonly LongText details;
        private readonly Label error;
        private readonly Button action;

        public BannerElement(Action retry)
        {
            AddToClassList("ap-banner");
            var row = ChatUi.Box("ap-row");
            text = new LongText("", "ap-banner-text");
            action = ChatUi.Button("Retry", "ap-banner-action", retry);
            row.Add(text.Element);
            row.Add(action);
            Add(row);
            details = new LongText("", "ap-meta");
            error = ChatUi.Label("", "ap-error");
            Add(details.Element);
            Add(error);
            PanelAssets.Show(this, false);
        }

        /// <summary>Show the chat's lost reason, else the active banner notice, else nothing.</summary>
        public void Show(NoticeCard notice, AgentPanelException lost, bool live)
        {
            error.text = "";
            PanelAssets.Show(error, false);
            if (lost != null)
            {
                Set("error", lost.Message, null, false);
                return;
            }
            if (notice == null)
            {
                PanelAssets.Show(this, false);
                return;
            }
            var view = NoticePresenter.Of(notice);
            action.text = view.ActionLabel ?? "";
            Set(view.Level, view.Text, view.Details, live && view.Action == NoticeAction.Retry);
        }

        /// <summary>An error of the banner's own action (e.g. Retry while disconnected).</summary>
        public void ShowError(string message)
        {
            error.text = message;
            PanelAssets.Show(error, true);
        }

        private void Set(string level, string message, string more, bool withAction)
        {
            PanelAssets.Show(this, true);
            EnableInClassList("ap-level-error", level == "error");
            EnableInClassList("ap-level-warning", level == "warning");
            EnableInClassList("ap-level-info", level != "error" && level != "warning");
            text.SetText(message);
            details.SetText(more);
            PanelAssets.Show(details.Element, !string.IsNullOrEmpty(more));
            PanelAssets.Show(action, withAction);
        }
    }
}
