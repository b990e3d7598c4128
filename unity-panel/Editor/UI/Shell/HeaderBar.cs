using System;
using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.View;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI
{
    /// <summary>The header: chat tabs, New chat, History, Settings, and the model and permission-mode pickers of the shown chat.</summary>
    internal sealed class HeaderBar
    {
        private readonly VisualElement tabs;
        private readonly Button history;
        private readonly Button settings;
        private readonly DropdownField model;
        private readonly DropdownField mode;
        private List<Choice> models = new List<Choice>();
        private List<Choice> modes = new List<Choice>();
        private string tabsKey = "";

        public HeaderBar(VisualElement root)
        {
            tabs = root.Q<VisualElement>("tabs");
            history = root.Q<Button>("history-button");
            settings = root.Q<Button>("settings-button");
            model = root.Q<DropdownField>("model-picker");
            mode = root.Q<DropdownField>("mode-picker");
            root.Q<Button>("new-chat").clicked += () => NewChat?.Invoke();
            history.clicked += () => ToggleView?.Invoke(PanelView.History);
            settings.clicked += () => ToggleView?.Invoke(PanelView.Settings);
            model.RegisterValueChangedCallback(_ => Pick(models, model.index, ModelPicked));
            mode.RegisterValueChangedCallback(_ => Pick(modes, mode.index, ModePicked));
        }

        public event Action NewChat;
        public event Action<string> TabSelected;
        /// <summary>The × of a tab was clicked: close that chat (its claude process stops).</summary>
        public event Action<string> TabClosed;
        /// <summary>History or Settings was clicked (clicking the open one goes back to the chat).</summary>
        public event Action<PanelView> ToggleView;
        /// <summary>A model was picked (null = default).</summary>
        public event Action<string> ModelPicked;
        public event Action<string> ModePicked;

        public void RenderTabs(List<ChatTab> list)
        {
            var key = string.Join("|", list.Select(t => t.ChatId + ":" + t.Label + ":" + t.Dot + ":" + t.Selected));
            if (key == tabsKey) return;
            tabsKey = key;
            tabs.Clear();
            foreach (var tab in list)
            {
                var chatId = tab.ChatId;
                var element = new VisualElement();
                element.AddToClassList("ap-tab");
                element.EnableInClassList("ap-tab--selected", tab.Selected);
                element.EnableInClassList("ap-tab--attention", tab.Pending > 0);
                var dot = new VisualElement();
                dot.AddToClassList("ap-dot");
                dot.AddToClassList(StatusBar.DotClass(tab.Dot));
                element.Add(dot);
                var label = new Button(() => TabSelected?.Invoke(chatId)) { text = tab.Label, tooltip = tab.Title, enableRichText = false };
                label.AddToClassList("ap-tab__label");
                element.Add(label);
                var close = new Button(() => TabClosed?.Invoke(chatId)) { text = "×", tooltip = "Close this chat (its claude process stops; the session stays in History)", enableRichText = false };
                close.AddToClassList("ap-icon-button");
                close.AddToClassList("ap-tab__close");
                element.Add(close);
                tabs.Add(element);
            }
        }

        /// <summary>The view buttons' labels and the pickers (disabled without a live chat).</summary>
        public void Render(PanelView view, List<Choice> modelChoices, int modelIndex, List<Choice> modeChoices, string currentMode, bool enabled)
        {
            history.text = view == PanelView.History ? "Back to chat" : "History";
            settings.text = view == PanelView.Settings ? "Back to chat" : "Settings";
            models = modelChoices;
            modes = modeChoices;
            Fill(model, models, modelIndex);
            Fill(mode, modes, Math.Max(0, modes.FindIndex(c => c.Value == currentMode)));
            model.SetEnabled(enabled);
            mode.SetEnabled(enabled && currentMode != null);
        }

        private static void Fill(DropdownField field, List<Choice> choices, int index)
        {
            var labels = choices.Select(c => c.Label).ToList();
            if (!labels.SequenceEqual(field.choices ?? new List<string>())) field.choices = labels;
            var label = index >= 0 && index < labels.Count ? labels[index] : "";
            if (field.value != label) field.SetValueWithoutNotify(label);
        }

        private static void Pick(List<Choice> choices, int index, Action<string> picked)
        {
            if (index >= 0 && index < choices.Count) picked?.Invoke(choices[index].Value);
        }
    }
}
