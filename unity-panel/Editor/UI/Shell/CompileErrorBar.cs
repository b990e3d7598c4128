using System;
using System.Collections.Generic;
using AgentPanel.Core.View;
using AgentPanel.Editor.Integration;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI
{
    /// <summary>The bar offering "Ask to fix" while the last compilation left errors; the prompt lists them.</summary>
    internal sealed class CompileErrorBar
    {
        private readonly VisualElement bar;
        private readonly Label text;
        private List<CompileError> errors = new List<CompileError>();
        private int dismissedVersion = -1;

        public CompileErrorBar(VisualElement root, Action<string> askToFix)
        {
            bar = root.Q<VisualElement>("compile-bar");
            text = root.Q<Label>("compile-text");
            text.enableRichText = false;
            root.Q<Button>("compile-fix").clicked += () => askToFix(CompileErrorsSummary.Prompt(errors));
            root.Q<Button>("compile-dismiss").clicked += () =>
            {
                dismissedVersion = CompileErrorWatcher.Version;
                Render();
            };
        }

        /// <summary>Show the watcher's current errors (hidden when none or dismissed).</summary>
        public void Render()
        {
            errors = CompileErrorsSummary.Distinct(CompileErrorWatcher.Errors);
            text.text = CompileErrorsSummary.BarText(errors);
            text.tooltip = errors.Count > 0 ? errors[0].Message : "";
            PanelAssets.Show(bar, errors.Count > 0 && dismissedVersion != CompileErrorWatcher.Version);
        }
    }
}
