using System;
using System.Collections.Generic;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>A card part with a clickable header and a body built only while open (long chats stay light); the open state survives rebuilds by key.</summary>
    internal sealed class Expander : VisualElement
    {
        private readonly string key;
        private readonly ISet<string> openKeys;
        private readonly Label arrow;
        private Action<VisualElement> fill;

        public Expander(string key, ISet<string> openKeys, string classes)
        {
            this.key = key;
            this.openKeys = openKeys;
            AddToClassList("ap-expander");
            ChatUi.AddClasses(this, classes);
            Header = ChatUi.Box("ap-expander-header");
            arrow = ChatUi.Label("▸", "ap-expander-arrow");
            Header.Add(arrow);
            Header.RegisterCallback<ClickEvent>(_ => Toggle());
            Body = ChatUi.Box("ap-expander-body");
            Add(Header);
            Add(Body);
            Sync();
        }

        /// <summary>Add the header's content here (after the arrow).</summary>
        public VisualElement Header { get; }

        public VisualElement Body { get; }

        /// <summary>Add one empty label per class to the header, in order (the usual icon / title / detail / duration row).</summary>
        public Label[] AddHeaderLabels(params string[] classes)
        {
            var labels = new Label[classes.Length];
            for (var i = 0; i < classes.Length; i++)
            {
                labels[i] = ChatUi.Label("", classes[i]);
                Header.Add(labels[i]);
            }
            return labels;
        }

        public bool Open => openKeys.Contains(key);

        /// <summary>Set how the body is filled; refills it now when open.</summary>
        public void SetBody(Action<VisualElement> fillBody)
        {
            fill = fillBody;
            Sync();
        }

        private void Toggle()
        {
            if (!openKeys.Remove(key)) openKeys.Add(key);
            Sync();
        }

        private void Sync()
        {
            var open = Open;
            arrow.text = open ? "▾" : "▸";
            EnableInClassList("ap-open", open);
            Body.Clear();
            PanelAssets.Show(Body, open);
            if (open) fill?.Invoke(Body);
        }
    }
}
