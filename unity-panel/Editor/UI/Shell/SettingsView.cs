using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using AgentPanel.Core.View;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI
{
    /// <summary>
    /// The Settings view: node and claude paths, default model and permission mode of new chats, the send key, allowed / disallowed
    /// tools, whether bypassPermissions may be picked, the agent-turn options (batched recompiles, one Undo per turn, automatic
    /// compile-error follow-up), and a button to open the sidecar log. Saved on "Save" after validation.
    /// </summary>
    internal sealed class SettingsView
    {
        private static readonly List<string> SendKeyLabels = new List<string> { "Enter sends (Shift+Enter: new line)", "Ctrl+Enter sends (Enter: new line)" };

        private readonly PanelPreferences settings;
        private readonly TextField node;
        private readonly TextField claude;
        private readonly TextField model;
        private readonly DropdownField mode;
        private readonly DropdownField sendKey;
        private readonly Toggle allowBypass;
        private readonly Toggle preAllowReadOnly;
        private readonly Toggle batchRecompiles;
        private readonly Toggle turnUndo;
        private readonly Toggle autoFix;
        private readonly TextField allowed;
        private readonly TextField disallowed;
        private readonly Label problems;
        private List<string> modeValues = new List<string>();

        public SettingsView(VisualElement root, PanelPreferences settings)
        {
            this.settings = settings;
            node = root.Q<TextField>("settings-node");
            claude = root.Q<TextField>("settings-claude");
            model = root.Q<TextField>("settings-model");
            mode = root.Q<DropdownField>("settings-mode");
            sendKey = root.Q<DropdownField>("settings-sendkey");
            allowBypass = root.Q<Toggle>("settings-allow-bypass");
            preAllowReadOnly = root.Q<Toggle>("settings-preallow-readonly");
            batchRecompiles = root.Q<Toggle>("settings-batch-recompiles");
            turnUndo = root.Q<Toggle>("settings-turn-undo");
            autoFix = root.Q<Toggle>("settings-auto-fix");
            allowed = root.Q<TextField>("settings-allowed");
            disallowed = root.Q<TextField>("settings-disallowed");
            problems = root.Q<Label>("settings-problems");
            problems.enableRichText = false;
            allowed.multiline = true;
            disallowed.multiline = true;
            sendKey.choices = SendKeyLabels;
            allowBypass.RegisterValueChangedCallback(e => FillModes(e.newValue, ModeValue()));
            root.Q<Button>("settings-save").clicked += Save;
            root.Q<Button>("settings-revert").clicked += Load;
            root.Q<Button>("settings-open-log").clicked += () => OpenLog?.Invoke();
        }

        /// <summary>The settings were saved (the window re-reads the send key, the launcher the paths).</summary>
        public event Action Saved;
        public event Action OpenLog;

        /// <summary>Fill the fields from the stored settings.</summary>
        public void Load()
        {
            node.SetValueWithoutNotify(settings.NodePath);
            claude.SetValueWithoutNotify(settings.ClaudePath);
            model.SetValueWithoutNotify(settings.DefaultModel);
            allowBypass.SetValueWithoutNotify(settings.AllowBypassPermissions);
            preAllowReadOnly.SetValueWithoutNotify(settings.PreAllowReadOnlyTools);
            batchRecompiles.SetValueWithoutNotify(settings.BatchRecompiles);
            turnUndo.SetValueWithoutNotify(settings.OneUndoPerTurn);
            autoFix.SetValueWithoutNotify(settings.AutoFixCompileErrors);
            FillModes(settings.AllowBypassPermissions, settings.DefaultPermissionMode);
            sendKey.SetValueWithoutNotify(SendKeyLabels[settings.SendKey == SendKey.CtrlEnter ? 1 : 0]);
            allowed.SetValueWithoutNotify(string.Join("\n", settings.AllowedTools));
            disallowed.SetValueWithoutNotify(string.Join("\n", settings.DisallowedTools));
            ShowProblems(new List<string>());
        }

        private void Save()
        {
            settings.NodePath = node.value;
            settings.ClaudePath = claude.value;
            settings.DefaultModel = model.value;
            settings.AllowBypassPermissions = allowBypass.value;
            settings.PreAllowReadOnlyTools = preAllowReadOnly.value;
            settings.BatchRecompiles = batchRecompiles.value;
            settings.OneUndoPerTurn = turnUndo.value;
            settings.AutoFixCompileErrors = autoFix.value;
            settings.DefaultPermissionMode = ModeValue();
            settings.SendKey = sendKey.index == 1 ? SendKey.CtrlEnter : SendKey.Enter;
            settings.AllowedTools = PanelPreferences.ParseTools(allowed.value);
            settings.DisallowedTools = PanelPreferences.ParseTools(disallowed.value);
            var found = settings.Validate(File.Exists);
            found.Add("Saved. The claude path, model, mode and tool rules apply to the next chat you open; a new node path applies when the sidecar next starts.");
            ShowProblems(found);
            Saved?.Invoke();
        }

        private void FillModes(bool bypassAllowed, string current)
        {
            modeValues = PermissionModes.Offered(bypassAllowed);
            mode.choices = modeValues.Select(ShellFormat.ModeLabel).ToList();
            var index = Math.Max(0, modeValues.IndexOf(current));
            mode.SetValueWithoutNotify(mode.choices[index]);
        }

        private string ModeValue()
        {
            var index = mode.index;
            return index >= 0 && index < modeValues.Count ? modeValues[index] : PermissionModes.Default;
        }

        private void ShowProblems(List<string> list)
        {
            problems.text = string.Join("\n", list);
            PanelAssets.Show(problems, list.Count > 0);
        }
    }
}
