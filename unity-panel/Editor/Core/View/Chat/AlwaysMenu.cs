using System.Collections.Generic;

namespace AgentPanel.Core.View
{
    /// <summary>
    /// The "Always" control of a permission card (issue: "Allow / Always ▾ with the suggested scopes"): one "Always ▾" button
    /// opening a menu of the suggestions in words (plus "All of the above"), or, with a single suggestion, a button that answers
    /// at once and says what it does ("Always: allow Bash(npm test:*) in this project (local settings)").
    /// </summary>
    internal sealed class AlwaysMenu
    {
        public const string MenuLabel = "Always ▾";
        /// <summary>Longest button label; the tooltip has the whole text.</summary>
        public const int MaxButtonChars = 80;
        /// <summary>Longest menu entry (a rule can hold a whole shell command).</summary>
        public const int MaxItemChars = 100;

        private AlwaysMenu(string buttonText, string tooltip, AlwaysChoice direct, List<AlwaysChoice> items)
        {
            ButtonText = buttonText;
            Tooltip = tooltip;
            Direct = direct;
            Items = items;
        }

        public string ButtonText { get; }
        public string Tooltip { get; }
        /// <summary>The choice the button sends at once (single suggestion), else null: the button opens the menu.</summary>
        public AlwaysChoice Direct { get; }
        /// <summary>The menu entries, in order (empty when the button acts at once).</summary>
        public List<AlwaysChoice> Items { get; }
        public bool OpensMenu => Direct == null;

        /// <summary>The control for <paramref name="choices"/> (see <see cref="PermissionPrompt.AlwaysChoices"/>), or null when the CLI suggested nothing.</summary>
        public static AlwaysMenu Of(IReadOnlyList<AlwaysChoice> choices)
        {
            if (choices == null || choices.Count == 0) return null;
            if (choices.Count == 1)
            {
                var words = choices[0].Text ?? "";
                return new AlwaysMenu(Shorten("Always: " + WithoutAlways(words), MaxButtonChars), "Allow now and from now on: " + words, choices[0], new List<AlwaysChoice>());
            }
            return new AlwaysMenu(MenuLabel, "Allow now and remember a rule: pick which", null, new List<AlwaysChoice>(choices));
        }

        /// <summary>
        /// A menu entry's text: shortened, and with "/" replaced by "∕" (U+2215), because GenericMenu reads "/" as a submenu
        /// separator and a path or a rule like Bash(rm build/*) would otherwise turn into nested menus.
        /// </summary>
        public static string ItemText(string words) => Shorten((words ?? "").Replace('/', '\u2215'), MaxItemChars);

        /// <summary>"Always allow X" → "allow X" (the button already says "Always:"); other wording is kept, first letter lowered.</summary>
        private static string WithoutAlways(string words)
        {
            var rest = words.StartsWith("Always ", System.StringComparison.Ordinal) ? words.Substring("Always ".Length) : words;
            return rest.Length > 0 && char.IsUpper(rest[0]) && (rest.Length == 1 || !char.IsUpper(rest[1])) ? char.ToLowerInvariant(rest[0]) + rest.Substring(1) : rest;
        }

        private static string Shorten(string text, int max)
        {
            if (text.Length <= max) return text;
            var cut = max - 1;
            if (char.IsHighSurrogate(text[cut - 1])) cut--;
            return text.Substring(0, cut) + "…";
        }
    }
}
