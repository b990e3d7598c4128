using System;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.View;
using UnityEditor;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>The content of a pending permission: what is asked (with the diff of an edit) and the answer controls.</summary>
    internal sealed class PermissionCardView : VisualElement
    {
        private readonly Action<PermissionAnswer> send;
        private readonly VisualElement actions;
        private readonly VisualElement reasonRow;
        private readonly TextField reason;
        private readonly Label error;
        private readonly Label count;

        public PermissionCardView(PermissionPrompt prompt, int pendingCount, Action<PermissionAnswer> send, string typedReason)
        {
            Prompt = prompt;
            this.send = send;
            AddToClassList("ap-permission");
            var head = ChatUi.Box("ap-row ap-permission-head");
            head.Add(ChatUi.Label(prompt.Badge, "ap-badge"));
            head.Add(ChatUi.Label(prompt.Title, "ap-permission-title"));
            count = ChatUi.Label("", "ap-meta");
            head.Add(count);
            SetPendingCount(pendingCount);
            Add(head);
            if (prompt.Summary.Length > 0) Add(ChatUi.Text(prompt.Summary, "ap-permission-summary ap-mono"));
            if (prompt.Description != null) Add(ChatUi.Text(prompt.Description, "ap-meta"));
            if (prompt.BlockedPath != null) Add(ChatUi.Selectable(prompt.BlockedPath, "ap-meta"));
            if (prompt.Diff != null) Add(Diff(prompt));
            if (prompt.Destructive != null) Add(ChatUi.Label(prompt.Destructive, "ap-meta ap-error"));
            if (prompt.DryRun != null)
            {
                Add(ChatUi.Label("Dry run", "ap-section-label"));
                Add(ChatUi.Text(prompt.DryRun, "ap-pre ap-mono"));
                foreach (var image in prompt.DryRunImages) ToolPictures.Add(this, image.MimeType, image.Data);
            }
            else if (!prompt.IsQuestion && prompt.Input.Length > 0)
            {
                var input = new Expander("perm-input:" + prompt.RequestId, new System.Collections.Generic.HashSet<string>(), "ap-permission-input");
                input.Header.Add(ChatUi.Label("Input", "ap-section-label"));
                var text = prompt.Input;
                input.SetBody(body => body.Add(ChatUi.Text(text, "ap-pre ap-mono")));
                Add(input);
            }
            actions = ChatUi.Box("ap-permission-actions");
            reasonRow = ChatUi.Box("ap-reason-row");
            reason = new TextField { value = typedReason ?? "" };
            reason.AddToClassList("ap-reason-field");
            error = ChatUi.Label("", "ap-error");
            if (prompt.IsQuestion) Add(new QuestionView(prompt, send, SetError));
            else BuildActions();
            Add(error);
            SetError(null);
            if (!string.IsNullOrEmpty(typedReason)) OpenReason();
        }

        public PermissionPrompt Prompt { get; }

        public bool ReasonOpen => reasonRow.parent != null && !reasonRow.ClassListContains(PanelAssets.Hidden);

        /// <summary>The typed deny reason (kept when the card is redrawn).</summary>
        public string Reason => reason.value;

        public void OpenReason()
        {
            PanelAssets.Show(reasonRow, true);
            // Focus on the next frame so the "n" that opened the field is not typed into it.
            schedule.Execute(() => reason.Focus());
        }

        public void CloseReason()
        {
            PanelAssets.Show(reasonRow, false);
            SetError(null);
        }

        /// <summary>"1 of N" while more requests wait behind this one.</summary>
        public void SetPendingCount(int pending)
        {
            count.text = pending > 1 ? "1 of " + pending : "";
            PanelAssets.Show(count, pending > 1);
        }

        public void SetBusy(bool busy)
        {
            actions.SetEnabled(!busy);
            reasonRow.SetEnabled(!busy);
        }

        public void SetError(string message)
        {
            error.text = message ?? "";
            PanelAssets.Show(error, !string.IsNullOrEmpty(message));
        }

        private void BuildActions()
        {
            var allow = ChatUi.Button("Allow (Y)", "ap-primary", () => send(PermissionAnswer.Allow()));
            actions.Add(allow);
            var always = AlwaysMenu.Of(Prompt.Always);
            if (always != null) actions.Add(AlwaysButton(always));
            actions.Add(ChatUi.Button("Deny (N)", "ap-deny", OpenReason));
            actions.Add(ChatUi.Button("Deny and stop", "ap-danger", () => send(PermissionPrompt.DenyAndStop(reason.value))));
            Add(actions);
            reasonRow.Add(ChatUi.Label("Tell Claude why, or what to do instead:", "ap-meta"));
            reasonRow.Add(reason);
            reasonRow.Add(ChatUi.Button("Deny", "ap-deny", SubmitDeny));
            reasonRow.Add(ChatUi.Button("Cancel (Esc)", "", CloseReason));
            reason.RegisterCallback<KeyDownEvent>(OnReasonKey);
            PanelAssets.Show(reasonRow, false);
            Add(reasonRow);
        }

        /// <summary>"Always ▾" opening a menu of the suggestions under the button, or the single suggestion answering at once.</summary>
        private Button AlwaysButton(AlwaysMenu always)
        {
            Button button = null;
            button = ChatUi.Button(always.ButtonText, "ap-always", () =>
            {
                if (!always.OpensMenu)
                {
                    send(PermissionAnswer.AllowAlways(always.Direct.Indexes));
                    return;
                }
                var menu = new GenericMenu();
                foreach (var choice in always.Items)
                {
                    var indexes = choice.Indexes;
                    menu.AddItem(new GUIContent(AlwaysMenu.ItemText(choice.Text)), false, () =>
                    {
                        // The menu can outlive this card (the request was answered elsewhere and the next one is shown): answer only this one.
                        if (parent != null) send(PermissionAnswer.AllowAlways(indexes));
                    });
                }
                menu.DropDown(button.worldBound);
            });
            button.tooltip = always.Tooltip;
            return button;
        }

        private void OnReasonKey(KeyDownEvent evt)
        {
            if (evt.keyCode == KeyCode.Return || evt.keyCode == KeyCode.KeypadEnter)
            {
                SubmitDeny();
                evt.StopPropagation();
            }
            else if (evt.keyCode == KeyCode.Escape)
            {
                CloseReason();
                evt.StopPropagation();
            }
        }

        private void SubmitDeny()
        {
            var answer = PermissionPrompt.Deny(reason.value, out var problem);
            if (answer == null) SetError(problem);
            else send(answer);
        }

        private static VisualElement Diff(PermissionPrompt prompt)
        {
            var box = new ScrollView(ScrollViewMode.Vertical);
            box.AddToClassList("ap-diff");
            var i = 0;
            while (i < prompt.Diff.Count)
            {
                var kind = prompt.Diff[i].Kind;
                var text = new System.Text.StringBuilder();
                for (; i < prompt.Diff.Count && prompt.Diff[i].Kind == kind; i++)
                {
                    if (text.Length > 0) text.Append('\n');
                    text.Append(prompt.Diff[i].ToString());
                }
                box.Add(ChatUi.Text(text.ToString(), "ap-diff-lines ap-mono ap-diff-" + kind.ToString().ToLowerInvariant()));
            }
            return box;
        }
    }
}
