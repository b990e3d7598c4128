using System.Collections.Generic;
using System.Text;

namespace AgentPanel.Core.View
{
    /// <summary>One selected or dropped Unity object, described without Unity types (the Editor fills it in).</summary>
    internal sealed class SelectedItem
    {
        /// <summary>"GameObject", "Asset" or "Object".</summary>
        public string Kind = "Object";
        public string Name = "";
        /// <summary>The asset path, or the GameObject's hierarchy path ("Scene/Root/Child").</summary>
        public string Path = "";
        /// <summary>The object's type (e.g. "MonoScript", "Prefab", "Material").</summary>
        public string Type = "";
        /// <summary>A GameObject's components.</summary>
        public List<string> Components = new List<string>();
        public int Children;
    }

    /// <summary>Describes selected (or dropped) GameObjects and assets as text lines for a context chip, bounded in size so a big selection never floods the prompt.</summary>
    internal static class SelectionSummary
    {
        public const int MaxItems = 40;
        public const int MaxChars = 8000;
        public const int MaxComponents = 12;

        /// <summary>A chip for the items, or null when there are none.</summary>
        public static ContextChip Describe(IList<SelectedItem> items)
        {
            if (items == null || items.Count == 0) return null;
            var text = new StringBuilder("Selected in the Unity Editor:\n");
            var shown = 0;
            foreach (var item in items)
            {
                if (shown == MaxItems) break;
                var line = Line(item);
                if (text.Length + line.Length + 1 > MaxChars) break;
                text.Append(line).Append('\n');
                shown++;
            }
            if (shown < items.Count) text.Append("… and ").Append(items.Count - shown).Append(" more\n");
            return new ContextChip(Label(items), text.ToString().TrimEnd('\n'));
        }

        /// <summary>"Player" for one item, "3 objects" for more.</summary>
        public static string Label(IList<SelectedItem> items)
        {
            if (items.Count == 1) return string.IsNullOrEmpty(items[0].Name) ? items[0].Path : items[0].Name;
            return items.Count + " objects";
        }

        /// <summary>"- GameObject Player (Scene/Player) [Transform, Rigidbody] 2 children" or "- Asset Assets/Player.cs (MonoScript)".</summary>
        public static string Line(SelectedItem item)
        {
            var line = new StringBuilder("- ").Append(item.Kind).Append(' ');
            if (item.Kind == "Asset")
            {
                line.Append(string.IsNullOrEmpty(item.Path) ? item.Name : item.Path);
                if (!string.IsNullOrEmpty(item.Type)) line.Append(" (").Append(item.Type).Append(')');
                return line.ToString();
            }
            line.Append(item.Name);
            if (!string.IsNullOrEmpty(item.Path) && item.Path != item.Name) line.Append(" (").Append(item.Path).Append(')');
            if (item.Components.Count > 0)
            {
                var shown = item.Components.Count > MaxComponents ? item.Components.GetRange(0, MaxComponents) : item.Components;
                line.Append(" [").Append(string.Join(", ", shown));
                if (shown.Count < item.Components.Count) line.Append(", …");
                line.Append(']');
            }
            if (item.Children > 0) line.Append(' ').Append(item.Children).Append(item.Children == 1 ? " child" : " children");
            return line.ToString();
        }
    }
}
