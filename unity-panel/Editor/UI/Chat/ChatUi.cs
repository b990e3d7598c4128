using System;
using AgentPanel.Core.View;
using UnityEditor;
using UnityEngine;
using UnityEngine.UIElements;
using UnityEngine.UIElements.Experimental;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>Small builders shared by the chat elements (labels, buttons, class helpers) and the editor actions behind links and Copy.</summary>
    internal static class ChatUi
    {
        /// <summary>A label with USS classes; rich text only for text the sidecar already escaped.</summary>
        public static Label Label(string text, string classes, bool rich = false)
        {
            var label = new Label(text ?? "") { enableRichText = rich };
            AddClasses(label, classes);
            if (rich) label.RegisterCallback<PointerDownLinkTagEvent>(evt => OpenLink(evt.linkID));
            return label;
        }

        /// <summary>A label whose text can be selected and copied.</summary>
        public static Label Selectable(string text, string classes, bool rich = false)
        {
            var label = Label(text, classes, rich);
            label.selection.isSelectable = true;
            return label;
        }

        /// <summary>Selectable text of any length (long text is cut into several labels, see <see cref="LongText"/>).</summary>
        public static VisualElement Text(string text, string classes, bool rich = false)
        {
            return new LongText(text, classes, rich).Element;
        }

        public static VisualElement Box(string classes)
        {
            var box = new VisualElement();
            AddClasses(box, classes);
            return box;
        }

        public static Button Button(string text, string classes, Action click)
        {
            var button = new Button(click) { text = text, enableRichText = false };
            AddClasses(button, classes);
            return button;
        }

        /// <summary>A small "Copy" button that puts <paramref name="text"/> on the clipboard.</summary>
        public static Button CopyButton(Func<string> text)
        {
            var button = Button("Copy", "ap-copy", null);
            button.clicked += () =>
            {
                GUIUtility.systemCopyBuffer = text() ?? "";
                button.text = "Copied";
                button.schedule.Execute(() => button.text = "Copy").StartingIn(1200);
            };
            return button;
        }

        public static void AddClasses(VisualElement element, string classes)
        {
            if (string.IsNullOrEmpty(classes)) return;
            foreach (var name in classes.Split(' '))
            {
                if (name.Length > 0) element.AddToClassList(name);
            }
        }

        /// <summary>Follow a rich-text link id from the sidecar: an asset (ping it, or open it at its line) or a web page.</summary>
        public static void OpenLink(string linkId)
        {
            var target = AssetLinks.Parse(linkId);
            if (target.Kind == LinkKind.Web) Application.OpenURL(target.Url);
            else if (target.Kind == LinkKind.Asset) OpenAsset(target.Path, target.Line);
        }

        /// <summary>Ping a project asset in the Project window; with a line, open it there (scripts open in the code editor).</summary>
        public static void OpenAsset(string path, int line)
        {
            var asset = AssetDatabase.LoadAssetAtPath<UnityEngine.Object>(path);
            if (asset == null)
            {
                Debug.Log("Agent Panel: " + path + " is not in the project (moved or deleted?).");
                return;
            }
            EditorGUIUtility.PingObject(asset);
            if (line > 0) AssetDatabase.OpenAsset(asset, line);
        }

        /// <summary>Buttons that open the project paths found in plain text (tool summaries and inputs), or null when there are none.</summary>
        public static VisualElement AssetButtons(string text)
        {
            var links = AssetLinks.Find(text);
            if (links.Count == 0) return null;
            var row = Box("ap-asset-links");
            var seen = new System.Collections.Generic.HashSet<string>();
            foreach (var link in links)
            {
                var label = link.Line > 0 ? link.Path + ":" + link.Line : link.Path;
                if (!seen.Add(label) || seen.Count > 5) continue;
                var path = link.Path;
                var line = link.Line;
                var button = Button(label, "ap-asset-link", () => OpenAsset(path, line));
                button.tooltip = line > 0 ? "Open at line " + line : "Show in the Project window";
                row.Add(button);
            }
            return row;
        }
    }
}
