using System;
using System.Collections.Generic;
using AgentPanel.Core.View;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI
{
    /// <summary>
    /// The composer: multiline prompt field (keys decided by <see cref="ComposerKeys"/>), Send/Stop button, queued prompts, the
    /// attached context chips and "Attach selection"; assets dropped on it become chips.
    /// </summary>
    internal sealed class ComposerBox
    {
        private readonly TextField input;
        private readonly Button send;
        private readonly Label queued;
        private readonly Label hint;
        private readonly VisualElement chipRow;
        private readonly ComposerState state;
        private readonly List<ContextChip> shownChips = new List<ContextChip>();
        private SendKey sendKey = SendKey.Enter;

        public ComposerBox(VisualElement root, ComposerState state)
        {
            this.state = state;
            input = root.Q<TextField>("composer-input");
            send = root.Q<Button>("composer-send");
            queued = root.Q<Label>("composer-queued");
            queued.enableRichText = false;
            hint = root.Q<Label>("composer-hint");
            chipRow = root.Q<VisualElement>("composer-chips");
            input.multiline = true;
            // In code, not UXML: 2022.3's UXML does not know the vertical-scroller-visibility attribute, and Unity 6 replaced
            // the method (now obsolete) with a property 2022.3's TextField does not have.
#if UNITY_6000_0_OR_NEWER
            input.verticalScrollerVisibility = ScrollerVisibility.Auto;
#else
            input.SetVerticalScrollerVisibility(ScrollerVisibility.Auto);
#endif
            input.RegisterValueChangedCallback(e => state.Draft = e.newValue);
            input.RegisterCallback<KeyDownEvent>(OnKey, TrickleDown.TrickleDown);
            send.clicked += () =>
            {
                if (state.Busy) Interrupt?.Invoke();
                else Send?.Invoke();
            };
            root.Q<Button>("attach-selection").clicked += () => AttachSelection?.Invoke();
            var drop = root.Q<VisualElement>("composer");
            // Trickle down: the prompt field must not get the drop first.
            drop.RegisterCallback<DragUpdatedEvent>(OnDragUpdated, TrickleDown.TrickleDown);
            drop.RegisterCallback<DragPerformEvent>(OnDragPerform, TrickleDown.TrickleDown);
        }

        public event Action Send;
        public event Action Interrupt;
        public event Action AttachSelection;
        /// <summary>Unity objects dropped on the composer.</summary>
        public event Action<UnityEngine.Object[]> Dropped;

        /// <summary>Show the state: draft (unless the user is typing it), button, queued prompts, hint.</summary>
        public void Render(SendKey mode)
        {
            sendKey = mode;
            if (input.value != state.Draft) input.SetValueWithoutNotify(state.Draft);
            send.text = state.ButtonLabel;
            send.tooltip = state.ButtonTooltip;
            send.SetEnabled(state.ButtonEnabled);
            send.EnableInClassList("ap-send--stop", state.Busy);
            queued.text = state.QueuedText;
            queued.tooltip = string.Join("\n", state.Queued);
            PanelAssets.Show(queued, state.Queued.Count > 0);
            hint.text = ComposerKeys.Hint(mode);
        }

        /// <summary>Show the chips, each with a remove button.</summary>
        public void RenderChips(IList<ContextChip> chips, Action<ContextChip> remove)
        {
            PanelAssets.Show(chipRow, chips.Count > 0);
            // Rendering runs on every chat change while a reply streams: rebuilding the chips each time would swallow clicks on ×.
            if (SameChips(chips)) return;
            shownChips.Clear();
            shownChips.AddRange(chips);
            chipRow.Clear();
            foreach (var chip in chips)
            {
                var element = new VisualElement();
                element.AddToClassList("ap-chip");
                element.tooltip = chip.Text;
                element.Add(new Label(chip.Label) { enableRichText = false });
                var close = new Button(() => remove(chip)) { text = "×", tooltip = "Remove" };
                close.AddToClassList("ap-chip__remove");
                element.Add(close);
                chipRow.Add(element);
            }
        }

        private bool SameChips(IList<ContextChip> chips)
        {
            if (chips.Count != shownChips.Count) return false;
            for (var i = 0; i < chips.Count; i++)
            {
                if (!ReferenceEquals(chips[i], shownChips[i])) return false;
            }
            return true;
        }

        /// <summary>Put the keyboard focus into the prompt field.</summary>
        public void Focus() => input.Focus();

        private void OnKey(KeyDownEvent evt)
        {
            var isEnterKey = evt.keyCode == KeyCode.Return || evt.keyCode == KeyCode.KeypadEnter;
            var isEnterChar = evt.keyCode == KeyCode.None && (evt.character == '\n' || evt.character == '\r');
            var isEscape = evt.keyCode == KeyCode.Escape;
            var key = isEnterKey || isEnterChar ? ComposerKey.Enter : isEscape ? ComposerKey.Escape : ComposerKey.Other;
            var composing = ImeComposition.Active;
            var action = ComposerKeys.Decide(key, evt.shiftKey, evt.actionKey, evt.altKey, composing, sendKey, state.Busy);
            // Unity 2022.3's TextField reverts the text to its value at focus on Escape: swallow it so the draft survives
            // (unless an input method is composing: its Escape cancels the composition).
            if (action == ComposerKeyAction.None && !(isEscape && !composing)) return;
            // UI Toolkit sends Enter twice (the key, then the '\n' character): act on the key, swallow both. The line break is
            // inserted here too, because the multiline field itself ignores Shift+Enter in Unity 2022.3.
            evt.StopImmediatePropagation();
#if UNITY_6000_0_OR_NEWER
            // Unity 6: stopping the event also stops the field's own handling; PreventDefault is obsolete. The focus
            // controller must not act on it either (Tab/arrow navigation).
            input.focusController?.IgnoreEvent(evt);
#else
            evt.PreventDefault();
#endif
            if (isEnterChar) return;
            if (action == ComposerKeyAction.Send) Send?.Invoke();
            else if (action == ComposerKeyAction.Interrupt) Interrupt?.Invoke();
            else if (action == ComposerKeyAction.NewLine) InsertLineBreak();
        }

        /// <summary>Replace the selection (or insert at the cursor) with a line break.</summary>
        private void InsertLineBreak()
        {
            var text = input.value ?? "";
            var start = Math.Max(0, Math.Min(Math.Min(input.cursorIndex, input.selectIndex), text.Length));
            var end = Math.Max(start, Math.Min(Math.Max(input.cursorIndex, input.selectIndex), text.Length));
            input.value = text.Substring(0, start) + "\n" + text.Substring(end);
            input.SelectRange(start + 1, start + 1);
        }

        private static void OnDragUpdated(DragUpdatedEvent evt)
        {
            if (UnityEditor.DragAndDrop.objectReferences.Length == 0) return;
            if (UnityEditor.DragAndDrop.visualMode != UnityEditor.DragAndDropVisualMode.Copy) UnityEditor.DragAndDrop.visualMode = UnityEditor.DragAndDropVisualMode.Copy;
        }

        private void OnDragPerform(DragPerformEvent evt)
        {
            var objects = UnityEditor.DragAndDrop.objectReferences;
            if (objects.Length == 0) return;
            UnityEditor.DragAndDrop.AcceptDrag();
            evt.StopPropagation();
            Dropped?.Invoke(objects);
        }
    }
}
