using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Shell
{
    /// <summary>Selection chips, the compile-error prompt and the panel settings.</summary>
    public class ContextAndSettingsTests
    {
        private sealed class DictionaryStore : ISettingsStore
        {
            public readonly Dictionary<string, string> Values = new Dictionary<string, string>();
            public string GetString(string key, string defaultValue) => Values.TryGetValue(key, out var v) ? v : defaultValue;
            public void SetString(string key, string value) => Values[key] = value;
            public void DeleteKey(string key) => Values.Remove(key);
        }

        [Test]
        public void ASelectionIsDescribedLineByLine()
        {
            var chip = SelectionSummary.Describe(new List<SelectedItem>
            {
                new SelectedItem { Kind = "GameObject", Name = "Player", Path = "Main/Player", Components = new List<string> { "Transform", "Rigidbody" }, Children = 2 },
                new SelectedItem { Kind = "Asset", Name = "Jump", Path = "Assets/Jump.cs", Type = "MonoScript" },
            });
            Assert.That(chip.Label, Is.EqualTo("2 objects"));
            Assert.That(chip.Text, Is.EqualTo("Selected in the Unity Editor:\n- GameObject Player (Main/Player) [Transform, Rigidbody] 2 children\n- Asset Assets/Jump.cs (MonoScript)"));
            Assert.That(SelectionSummary.Describe(new List<SelectedItem>()), Is.Null);
        }

        [Test]
        public void AHugeSelectionIsCapped()
        {
            var items = Enumerable.Range(0, 500).Select(i => new SelectedItem { Kind = "Asset", Path = "Assets/Folder/File" + i + ".prefab", Type = "GameObject" }).ToList();
            var chip = SelectionSummary.Describe(items);
            Assert.That(chip.Text.Length, Is.LessThanOrEqualTo(SelectionSummary.MaxChars + 40));
            Assert.That(chip.Text, Does.EndWith("… and " + (500 - SelectionSummary.MaxItems) + " more"));
            Assert.That(SelectionSummary.Describe(items.Take(1).ToList()).Label, Is.EqualTo("Assets/Folder/File0.prefab"));
        }

        [Test]
        public void CompileErrorsBecomeOneDeduplicatedPrompt()
        {
            var errors = CompileErrorsSummary.Distinct(new[]
            {
                new CompileError("Assets/A.cs(3,5): error CS0103: The name 'x' does not exist", "Assets/A.cs", 3),
                new CompileError("Assets/A.cs(3,5): error CS0103: The name 'x' does not exist", "Assets/A.cs", 3),
                new CompileError("error CS1002: ; expected", "Assets/B.cs", 7),
                new CompileError("  "),
            });
            Assert.That(CompileErrorsSummary.BarText(errors), Is.EqualTo("2 compile errors in the Console"));
            Assert.That(CompileErrorsSummary.Prompt(errors), Is.EqualTo("Fix these compile errors:\n- Assets/A.cs(3,5): error CS0103: The name 'x' does not exist\n- Assets/B.cs(7): error CS1002: ; expected"));
            Assert.That(CompileErrorsSummary.BarText(new List<CompileError>()), Is.EqualTo(""));
        }

        [Test]
        public void ManyCompileErrorsAreCapped()
        {
            var errors = Enumerable.Range(0, 30).Select(i => new CompileError("error CS" + i)).ToList();
            var prompt = CompileErrorsSummary.Prompt(errors);
            Assert.That(prompt.Split('\n').Length, Is.EqualTo(1 + CompileErrorsSummary.MaxErrors + 1));
            Assert.That(prompt, Does.EndWith("- … and 10 more"));
        }

        [Test]
        public void SettingsHaveDefaultsAndEmptyValuesAreDeleted()
        {
            var store = new DictionaryStore();
            var settings = new PanelPreferences(store);
            Assert.That(settings.SendKey, Is.EqualTo(SendKey.Enter));
            Assert.That(settings.DefaultPermissionMode, Is.EqualTo("default"));
            Assert.That(settings.AllowedTools, Is.Empty);
            settings.SendKey = SendKey.CtrlEnter;
            settings.NodePath = "  /usr/bin/node ";
            Assert.That(new PanelPreferences(store).SendKey, Is.EqualTo(SendKey.CtrlEnter));
            Assert.That(store.Values[PanelPreferences.NodePathKey], Is.EqualTo("/usr/bin/node"));
            settings.NodePath = "";
            Assert.That(store.Values.ContainsKey(PanelPreferences.NodePathKey), Is.False);
        }

        [Test]
        public void BypassAsTheDefaultModeNeedsItToBeAllowed()
        {
            var settings = new PanelPreferences(new DictionaryStore());
            settings.DefaultPermissionMode = "bypassPermissions";
            Assert.That(settings.DefaultPermissionMode, Is.EqualTo("default"));
            settings.AllowBypassPermissions = true;
            Assert.That(settings.DefaultPermissionMode, Is.EqualTo("bypassPermissions"));
            settings.DefaultPermissionMode = "nonsense";
            Assert.That(settings.DefaultPermissionMode, Is.EqualTo("default"));
        }

        [Test]
        public void ToolListsKeepCommasInsideRules()
        {
            Assert.That(PanelPreferences.ParseTools("Read, Bash(git diff:*, git log:*)\nEdit,,Read"), Is.EqualTo(new[] { "Read", "Bash(git diff:*, git log:*)", "Edit" }));
            var settings = new PanelPreferences(new DictionaryStore());
            settings.AllowedTools = new List<string> { "Read", "Bash(npm test)" };
            Assert.That(settings.AllowedTools, Is.EqualTo(new[] { "Read", "Bash(npm test)" }));
        }

        [Test]
        public void ValidationSaysWhatToFix()
        {
            var settings = new PanelPreferences(new DictionaryStore());
            Assert.That(settings.Validate(_ => true), Is.Empty);
            settings.NodePath = "node";
            settings.ClaudePath = System.IO.Path.GetFullPath("/missing/claude");
            settings.AllowedTools = new List<string> { "Read", "not a tool!" };
            settings.DisallowedTools = new List<string> { "Read" };
            var problems = settings.Validate(_ => false);
            Assert.That(problems.Count, Is.EqualTo(4));
            Assert.That(problems[0], Does.Contain("not absolute"));
            Assert.That(problems[1], Does.Contain("No file at the claude path"));
            Assert.That(problems[2], Does.Contain("\"not a tool!\" is not a tool rule"));
            Assert.That(problems[3], Does.Contain("both allowed and disallowed: Read"));
        }
    }
}
