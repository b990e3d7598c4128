using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;

namespace AgentPanel.Core.View
{
    /// <summary>Where settings are kept: EditorPrefs in the Editor, a dictionary in tests.</summary>
    internal interface ISettingsStore
    {
        string GetString(string key, string defaultValue);
        void SetString(string key, string value);
        void DeleteKey(string key);
    }

    /// <summary>
    /// The panel's settings with their defaults and validation: node and claude paths (read by the launcher), the default model and
    /// permission mode of new chats, the send key, allowed / disallowed tools, and whether bypassPermissions may be picked.
    /// </summary>
    internal sealed class PanelPreferences
    {
        public const string NodePathKey = "AgentPanel.NodePath";
        public const string ClaudePathKey = "AgentPanel.ClaudePath";
        public const string DefaultModelKey = "AgentPanel.DefaultModel";
        public const string DefaultModeKey = "AgentPanel.DefaultPermissionMode";
        public const string SendKeyKey = "AgentPanel.SendKey";
        public const string AllowedToolsKey = "AgentPanel.AllowedTools";
        public const string DisallowedToolsKey = "AgentPanel.DisallowedTools";
        public const string AllowBypassKey = "AgentPanel.AllowBypassPermissions";
        public const string PreAllowReadOnlyToolsKey = "AgentPanel.PreAllowReadOnlyTools";
        public const string BatchRecompilesKey = "AgentPanel.BatchRecompiles";
        public const string OneUndoPerTurnKey = "AgentPanel.OneUndoPerTurn";
        public const string AutoFixCompileErrorsKey = "AgentPanel.AutoFixCompileErrors";

        /// <summary>The permission and agent-turn settings, kept per project (<see cref="ProjectScopedSettingsStore"/>); the rest is per machine.</summary>
        public static readonly IReadOnlyList<string> ProjectKeys = new[] { DefaultModeKey, AllowedToolsKey, DisallowedToolsKey, AllowBypassKey, PreAllowReadOnlyToolsKey, BatchRecompilesKey, OneUndoPerTurnKey, AutoFixCompileErrorsKey };

        // A tool rule as the CLI takes it: "Read", "Bash(git diff:*)", "mcp__server__tool".
        private static readonly Regex ToolRule = new Regex(@"^[A-Za-z_][A-Za-z0-9_\-]*(\(.*\))?$");

        private readonly ISettingsStore store;

        public PanelPreferences(ISettingsStore store)
        {
            this.store = store ?? throw new ArgumentNullException(nameof(store));
        }

        public string NodePath { get => Get(NodePathKey); set => Set(NodePathKey, value); }
        public string ClaudePath { get => Get(ClaudePathKey); set => Set(ClaudePathKey, value); }
        /// <summary>Model of new chats ("" = Claude Code's default).</summary>
        public string DefaultModel { get => Get(DefaultModelKey); set => Set(DefaultModelKey, value); }

        /// <summary>Permission mode of new chats (default when unset or unknown; bypassPermissions only while allowed).</summary>
        public string DefaultPermissionMode
        {
            get
            {
                var mode = Get(DefaultModeKey);
                if (!PermissionModes.IsKnown(mode)) return PermissionModes.Default;
                return mode == PermissionModes.BypassPermissions && !AllowBypassPermissions ? PermissionModes.Default : mode;
            }
            set => Set(DefaultModeKey, value == PermissionModes.Default ? "" : value);
        }

        public SendKey SendKey
        {
            get => Get(SendKeyKey) == nameof(View.SendKey.CtrlEnter) ? SendKey.CtrlEnter : SendKey.Enter;
            set => Set(SendKeyKey, value == SendKey.Enter ? "" : value.ToString());
        }

        public bool AllowBypassPermissions
        {
            get => Get(AllowBypassKey) == "true";
            set => Set(AllowBypassKey, value ? "true" : "");
        }

        /// <summary>Run the sidecar's read-only Unity tools (only reading ones: the sidecar never pre-allows a tool that writes) without a permission card; on unless turned off.</summary>
        public bool PreAllowReadOnlyTools
        {
            get => Get(PreAllowReadOnlyToolsKey) != "false";
            set => Set(PreAllowReadOnlyToolsKey, value ? "" : "false");
        }

        /// <summary>Hold Unity's auto refresh while an agent turn writes assets, then refresh once (docs/turn-compile.md); on unless turned off.</summary>
        public bool BatchRecompiles
        {
            get => Get(BatchRecompilesKey) != "false";
            set => Set(BatchRecompilesKey, value ? "" : "false");
        }

        /// <summary>Collapse every Editor change of an agent turn into one Undo step; on unless turned off.</summary>
        public bool OneUndoPerTurn
        {
            get => Get(OneUndoPerTurnKey) != "false";
            set => Set(OneUndoPerTurnKey, value ? "" : "false");
        }

        /// <summary>Send a turn's compile errors back to its chat by themselves (at most 3 rounds per message); off unless turned on.</summary>
        public bool AutoFixCompileErrors
        {
            get => Get(AutoFixCompileErrorsKey) == "true";
            set => Set(AutoFixCompileErrorsKey, value ? "true" : "");
        }

        /// <summary>Tool rules allowed without asking (kept here; chat.open has no field for them yet).</summary>
        public List<string> AllowedTools { get => ParseTools(Get(AllowedToolsKey)); set => Set(AllowedToolsKey, string.Join(", ", value ?? new List<string>())); }

        /// <summary>Tool rules never allowed (kept here; chat.open has no field for them yet).</summary>
        public List<string> DisallowedTools { get => ParseTools(Get(DisallowedToolsKey)); set => Set(DisallowedToolsKey, string.Join(", ", value ?? new List<string>())); }

        /// <summary>Problems a user must fix, each saying what to do (empty when the settings are fine).</summary>
        public List<string> Validate(Func<string, bool> fileExists)
        {
            var problems = new List<string>();
            CheckPath(problems, "node", NodePath, fileExists);
            CheckPath(problems, "claude", ClaudePath, fileExists);
            CheckTools(problems, "Allowed", AllowedTools);
            CheckTools(problems, "Disallowed", DisallowedTools);
            var both = AllowedTools.Intersect(DisallowedTools, StringComparer.Ordinal).ToList();
            if (both.Count > 0) problems.Add("Tools both allowed and disallowed: " + string.Join(", ", both) + ". Remove them from one of the lists.");
            return problems;
        }

        /// <summary>"Read, Bash(git diff:*)" or one rule a line → the rules (commas inside parentheses stay).</summary>
        public static List<string> ParseTools(string text)
        {
            var rules = new List<string>();
            if (string.IsNullOrWhiteSpace(text)) return rules;
            var depth = 0;
            var start = 0;
            for (var i = 0; i <= text.Length; i++)
            {
                var c = i < text.Length ? text[i] : ',';
                if (c == '(') depth++;
                else if (c == ')') depth = Math.Max(0, depth - 1);
                if ((c != ',' && c != '\n' && c != '\r') || (depth > 0 && i < text.Length)) continue;
                var rule = text.Substring(start, i - start).Trim();
                if (rule.Length > 0 && !rules.Contains(rule)) rules.Add(rule);
                start = i + 1;
            }
            return rules;
        }

        private static void CheckPath(List<string> problems, string what, string path, Func<string, bool> fileExists)
        {
            if (string.IsNullOrWhiteSpace(path)) return;
            if (!System.IO.Path.IsPathRooted(path.Trim())) problems.Add($"The {what} path \"{path}\" is not absolute. Enter the full path of the {what} executable, or leave it empty to search for it.");
            else if (fileExists != null && !fileExists(path.Trim())) problems.Add($"No file at the {what} path \"{path}\". Fix the path, or leave it empty to search for it.");
        }

        private static void CheckTools(List<string> problems, string which, List<string> rules)
        {
            foreach (var rule in rules)
            {
                if (!ToolRule.IsMatch(rule)) problems.Add($"{which} tool \"{rule}\" is not a tool rule. Use a tool name like Read or a rule like Bash(git diff:*).");
            }
        }

        private string Get(string key) => store.GetString(key, "") ?? "";

        private void Set(string key, string value)
        {
            if (string.IsNullOrWhiteSpace(value)) store.DeleteKey(key);
            else store.SetString(key, value.Trim());
        }
    }
}
