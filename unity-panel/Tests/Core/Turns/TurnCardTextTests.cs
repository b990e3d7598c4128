using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Turns;
using AgentPanel.Core.View;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Turns
{
    /// <summary>The turn cards' words, the revert confirmation's paths, and the settings' defaults.</summary>
    public class TurnCardTextTests
    {
        [Test]
        public void ChangedPathsAreReadFromWhateverShapeTheErrorDataHas()
        {
            Assert.That(TurnCardText.ChangedPaths(JToken.Parse("{\"paths\":[\"/a\",\"/b\"]}")), Is.EqualTo(new[] { "/a", "/b" }));
            Assert.That(TurnCardText.ChangedPaths(JToken.Parse("{\"files\":[{\"path\":\"/a\",\"reason\":\"x\"}]}")), Is.EqualTo(new[] { "/a" }));
            Assert.That(TurnCardText.ChangedPaths(JToken.Parse("[\"/a\"]")), Is.EqualTo(new[] { "/a" }));
            Assert.That(TurnCardText.ChangedPaths(null), Is.Empty);
        }

        [Test]
        public void TheForceConfirmationListsAtMostTenPaths()
        {
            var paths = new List<string>();
            for (var i = 0; i < 12; i++) paths.Add("/p/F" + i + ".cs");
            var text = TurnCardText.ForceConfirm(paths, "m");
            Assert.That(text, Does.Contain("• /p/F9.cs"));
            Assert.That(text, Does.Not.Contain("F10.cs"));
            Assert.That(text, Does.Contain("… and 2 more"));
            Assert.That(TurnCardText.ForceConfirm(new string[0], "Files changed."), Does.StartWith("Files changed."));
        }

        [Test]
        public void TheCompileLineSaysWhereTheCompileStands()
        {
            Assert.That(TurnCardText.CompileLine(null), Is.EqualTo(""));
            Assert.That(TurnCardText.CompileLine(new TurnCompile { State = TurnCompileState.Compiling }), Is.EqualTo("Compiling…"));
            var failed = new TurnCompile { State = TurnCompileState.Failed, Total = 25, Issues = new List<CompileIssue>(new CompileIssue[20]) };
            Assert.That(TurnCardText.CompileLine(failed), Is.EqualTo("25 compile errors (first 20 shown)"));
            Assert.That(TurnCardText.RevertedLine(new FilesRevertedEvent { Restored = new List<string> { "a" }, Skipped = new List<SkippedFile> { new SkippedFile { Path = "b", Reason = "gone" } } }), Is.EqualTo("Reverted 1 file; 1 skipped (b: gone)"));
        }

        [Test]
        public void TheTurnSettingsDefaultToBatchingAndUndoOnAndAutoFixOffAndArePerProject()
        {
            var store = new Dictionary<string, string>();
            var settings = new PanelPreferences(new DictStore(store));
            Assert.That(settings.BatchRecompiles, Is.True);
            Assert.That(settings.OneUndoPerTurn, Is.True);
            Assert.That(settings.AutoFixCompileErrors, Is.False);
            settings.BatchRecompiles = false;
            settings.AutoFixCompileErrors = true;
            Assert.That(store[PanelPreferences.BatchRecompilesKey], Is.EqualTo("false"));
            Assert.That(PanelPreferences.ProjectKeys, Does.Contain(PanelPreferences.BatchRecompilesKey).And.Contain(PanelPreferences.OneUndoPerTurnKey).And.Contain(PanelPreferences.AutoFixCompileErrorsKey));
        }

        private sealed class DictStore : ISettingsStore
        {
            private readonly Dictionary<string, string> values;

            public DictStore(Dictionary<string, string> values) => this.values = values;

            public string GetString(string key, string defaultValue) => values.TryGetValue(key, out var v) ? v : defaultValue;

            public void SetString(string key, string value) => values[key] = value;

            public void DeleteKey(string key) => values.Remove(key);
        }
    }
}
