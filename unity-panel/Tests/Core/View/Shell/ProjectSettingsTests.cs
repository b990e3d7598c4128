using System.Collections.Generic;
using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View
{
    /// <summary>Permission settings are kept per project in the per-machine store; the others stay per machine.</summary>
    public class ProjectSettingsTests
    {
        /// <summary>A per-machine store (EditorPrefs) as a dictionary.</summary>
        private sealed class MachineStore : ISettingsStore
        {
            public readonly Dictionary<string, string> Values = new Dictionary<string, string>();
            public string GetString(string key, string defaultValue) => Values.TryGetValue(key, out var v) ? v : defaultValue;
            public void SetString(string key, string value) => Values[key] = value;
            public void DeleteKey(string key) => Values.Remove(key);
        }

        private static PanelPreferences For(MachineStore machine, string project) =>
            new PanelPreferences(new ProjectScopedSettingsStore(machine, project, PanelPreferences.ProjectKeys));

        [Test]
        public void PermissionSettingsOfOneProjectDoNotApplyToAnother()
        {
            var machine = new MachineStore();
            var sandbox = For(machine, "aaaa");
            sandbox.AllowBypassPermissions = true;
            sandbox.AllowedTools = new List<string> { "Bash(rm:*)" };
            sandbox.DisallowedTools = new List<string> { "WebFetch" };
            sandbox.PreAllowReadOnlyTools = false;
            sandbox.DefaultPermissionMode = PermissionModes.BypassPermissions;

            var other = For(machine, "bbbb");
            Assert.That(other.AllowBypassPermissions, Is.False);
            Assert.That(other.AllowedTools, Is.Empty);
            Assert.That(other.DisallowedTools, Is.Empty);
            Assert.That(other.PreAllowReadOnlyTools, Is.True);
            Assert.That(other.DefaultPermissionMode, Is.EqualTo(PermissionModes.Default));

            var again = For(machine, "aaaa");
            Assert.That(again.AllowBypassPermissions, Is.True, "kept for the project itself");
            Assert.That(again.AllowedTools, Is.EqualTo(new[] { "Bash(rm:*)" }));
            Assert.That(again.DefaultPermissionMode, Is.EqualTo(PermissionModes.BypassPermissions));
        }

        [Test]
        public void PathsModelAndSendKeyStayPerMachine()
        {
            var machine = new MachineStore();
            var one = For(machine, "aaaa");
            one.NodePath = "/usr/bin/node";
            one.DefaultModel = "opus";
            one.SendKey = SendKey.CtrlEnter;
            var other = For(machine, "bbbb");
            Assert.That(other.NodePath, Is.EqualTo("/usr/bin/node"));
            Assert.That(other.DefaultModel, Is.EqualTo("opus"));
            Assert.That(other.SendKey, Is.EqualTo(SendKey.CtrlEnter));
            Assert.That(machine.Values.ContainsKey(PanelPreferences.NodePathKey), Is.True, "the launcher reads the node path under its plain key");
        }

        [Test]
        public void AMachineWideValueFromAnEarlierVersionIsNotReadForAProject()
        {
            var machine = new MachineStore();
            machine.Values[PanelPreferences.AllowBypassKey] = "true";
            machine.Values[PanelPreferences.AllowedToolsKey] = "Bash";
            var prefs = For(machine, "aaaa");
            Assert.That(prefs.AllowBypassPermissions, Is.False);
            Assert.That(prefs.AllowedTools, Is.Empty);
        }

        [Test]
        public void StoredKeysCarryTheProjectId()
        {
            var scoped = new ProjectScopedSettingsStore(new MachineStore(), "0123abcd", PanelPreferences.ProjectKeys);
            Assert.That(scoped.StoredKey(PanelPreferences.AllowBypassKey), Is.EqualTo("AgentPanel.AllowBypassPermissions@0123abcd"));
            Assert.That(scoped.StoredKey(PanelPreferences.ClaudePathKey), Is.EqualTo(PanelPreferences.ClaudePathKey));
        }
    }
}
