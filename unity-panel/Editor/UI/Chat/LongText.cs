using System.Collections.Generic;
using AgentPanel.Core.View;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>
    /// Text of any length on screen: one label while it fits (as before), else a box with the same classes holding one label
    /// per <see cref="TextChunks"/> piece, because a single UI Toolkit text element cannot draw more than about 16k characters.
    /// Text styles (font, colour, size, wrapping) are inherited, so the pieces look like one text. <see cref="SetText"/> updates
    /// in place (streaming); <see cref="Element"/> may then be a new element, put where the old one was.
    /// </summary>
    internal sealed class LongText
    {
        private readonly string classes;
        private readonly bool rich;
        private readonly bool selectable;
        private readonly List<Label> pieces = new List<Label>();
        private string shown;

        public LongText(string text, string classes, bool rich = false, bool selectable = true)
        {
            this.classes = classes;
            this.rich = rich;
            this.selectable = selectable;
            SetText(text);
        }

        /// <summary>What to add to the hierarchy: the single label, or the box of pieces.</summary>
        public VisualElement Element { get; private set; }

        public void SetText(string text)
        {
            text = text ?? "";
            if (text == shown) return;
            shown = text;
            var chunks = TextChunks.Split(text, TextChunks.DefaultMax, rich);
            var single = chunks.Count == 1;
            var wasSingle = Element != null && pieces.Count == 1 && Element == pieces[0];
            if (Element == null || single != wasSingle) Replace(single ? (VisualElement)NewLabel(classes) : ChatUi.Box(classes), single);
            if (!single)
            {
                while (pieces.Count > chunks.Count)
                {
                    pieces[pieces.Count - 1].RemoveFromHierarchy();
                    pieces.RemoveAt(pieces.Count - 1);
                }
                while (pieces.Count < chunks.Count)
                {
                    var piece = NewLabel("ap-text-piece");
                    pieces.Add(piece);
                    Element.Add(piece);
                }
            }
            for (var i = 0; i < chunks.Count; i++)
            {
                if (pieces[i].text != chunks[i]) pieces[i].text = chunks[i];
            }
        }

        private Label NewLabel(string labelClasses)
        {
            return selectable ? ChatUi.Selectable("", labelClasses, rich) : ChatUi.Label("", labelClasses, rich);
        }

        /// <summary>Swap the shown element for <paramref name="next"/>, in the same place when it is already in the hierarchy.</summary>
        private void Replace(VisualElement next, bool single)
        {
            var old = Element;
            Element = next;
            pieces.Clear();
            if (single) pieces.Add((Label)next);
            var parent = old?.parent;
            if (parent == null) return;
            parent.Insert(parent.IndexOf(old), next);
            old.RemoveFromHierarchy();
            // A hidden text stays hidden (e.g. an empty subagent summary) until its owner shows it.
            if (old.ClassListContains(PanelAssets.Hidden)) PanelAssets.Show(next, false);
        }
    }
}
