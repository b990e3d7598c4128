using UnityEditor;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI
{
    /// <summary>Loads the window's UXML layouts and style sheets from the package, and shows or hides parts through the USS class "ap-hidden".</summary>
    internal static class PanelAssets
    {
        public const string Root = "Packages/dev.agentpanel.unity/Editor/UI/";
        public const string Hidden = "ap-hidden";

        /// <summary>Clone Layout/<paramref name="layout"/>.uxml into <paramref name="into"/>; false (and a label saying what to do) when the file is missing.</summary>
        public static bool Clone(string layout, VisualElement into)
        {
            var path = Root + "Layout/" + layout + ".uxml";
            var tree = AssetDatabase.LoadAssetAtPath<VisualTreeAsset>(path);
            if (tree == null)
            {
                into.Add(new Label("Agent Panel cannot find " + path + "; reinstall the package (Window > Package Manager), then reopen the window."));
                return false;
            }
            tree.CloneTree(into);
            return true;
        }

        /// <summary>Apply the window's style sheet and the chat view's.</summary>
        public static void AddStyles(VisualElement root)
        {
            foreach (var name in new[] { "AgentPanel.uss", "Chat.uss" })
            {
                var sheet = AssetDatabase.LoadAssetAtPath<StyleSheet>(Root + "Styles/" + name);
                if (sheet != null) root.styleSheets.Add(sheet);
            }
        }

        /// <summary>Show or hide an element.</summary>
        public static void Show(VisualElement element, bool visible)
        {
            element.EnableInClassList(Hidden, !visible);
        }
    }
}
