using System.Collections.Generic;
using AgentPanel.Core;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.Turns;
using AgentPanel.Editor.Integration;
using UnityEditor;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>The files one turn changed (turn_files): change kind, a link, the diff on expand, and "Revert files".</summary>
    internal sealed class TurnFilesElement : CardElement
    {
        private bool reverting;

        public TurnFilesElement(ChatContext context) : base(context, "ap-card-files") { }

        public override void Bind(Card card)
        {
            var files = (TurnFilesCard)card;
            Clear();
            var expander = new Expander(files.Key, Context.OpenKeys, "ap-files");
            expander.AddHeaderLabels("ap-files-title")[0].text = TurnCardText.FilesTitle(files.Files);
            expander.SetBody(body =>
            {
                foreach (var file in files.Files) body.Add(FileRow(files.Key, file));
            });
            Add(expander);
            if (files.Reverted != null) Add(ChatUi.Label(TurnCardText.RevertedLine(files.Reverted), "ap-files-reverted"));
            var anyRevertible = files.Files.Exists(f => f.Revertible && f.Change != FileChangeKinds.Unchanged);
            if (Context.ReadOnly || Context.Store == null || !anyRevertible || files.Reverted != null) return;
            var revert = ChatUi.Button(reverting ? "Reverting…" : "Revert files", "ap-turn-action", () => Revert(files.TurnId, false));
            revert.SetEnabled(!reverting);
            revert.tooltip = "Put back the files as they were before this turn";
            var row = ChatUi.Box("ap-row ap-turn-actions");
            row.Add(revert);
            Add(row);
        }

        private VisualElement FileRow(string key, TurnFileChange file)
        {
            var row = ChatUi.Box("ap-file");
            var line = ChatUi.Box("ap-row");
            line.Add(ChatUi.Label(TurnCardText.ChangeLabel(file.Change), "ap-file-change"));
            var shown = file.AssetPath ?? file.RelPath ?? file.Path ?? "";
            if (!string.IsNullOrEmpty(file.AssetPath) && file.Change != FileChangeKinds.Deleted)
            {
                var path = file.AssetPath;
                line.Add(ChatUi.Button(path, "ap-asset-link", () => ChatUi.OpenAsset(path, 0)));
            }
            else
            {
                line.Add(ChatUi.Label(shown, "ap-file-path"));
            }
            row.Add(line);
            if (!string.IsNullOrEmpty(file.Diff))
            {
                var diff = new Expander(key + ":" + shown, Context.OpenKeys, "ap-file-diff");
                diff.AddHeaderLabels("ap-muted")[0].text = "Diff";
                var text = file.Diff;
                diff.SetBody(body => body.Add(ChatUi.Text(text, "ap-mono ap-diff-text")));
                row.Add(diff);
            }
            return row;
        }

        private async void Revert(string turnId, bool force)
        {
            var store = Context.Store;
            var chat = Context.Chat;
            if (store == null || chat == null) return;
            reverting = true;
            try
            {
                await store.RevertFilesAsync(chat.ChatId, turnId, force);
            }
            catch (SidecarCommandException e) when (e.Code == ErrorCodes.FilesChangedSince && !force)
            {
                reverting = false;
                var confirm = TurnCardText.ForceConfirm(TurnCardText.ChangedPaths(e.Details), e.Message);
                if (EditorUtility.DisplayDialog("Revert files", confirm, "Revert anyway", "Cancel")) Revert(turnId, true);
                return;
            }
            catch (AgentPanelException e)
            {
                EditorUtility.DisplayDialog("Revert files", e.Message, "OK");
            }
            reverting = false;
        }
    }

    /// <summary>What a turn's result line adds: the compile after the turn (with error links and "Fix these errors") and "Undo this turn".</summary>
    internal sealed class TurnExtras : VisualElement
    {
        private readonly ChatContext context;
        private string turnId;
        private int compileVersion = -1;
        private int undoVersion = -1;

        public TurnExtras(ChatContext context)
        {
            this.context = context;
            AddToClassList("ap-turn-extras");
        }

        /// <summary>Redraw for a turn when the coordinator changed since the last draw.</summary>
        public void Show(string turn)
        {
            var coordinator = TurnSession.Coordinator;
            if (turn == turnId && compileVersion == coordinator.Compiles.Version && undoVersion == coordinator.Undo.Version) return;
            turnId = turn;
            compileVersion = coordinator.Compiles.Version;
            undoVersion = coordinator.Undo.Version;
            Clear();
            var chatId = context.Chat?.ChatId;
            if (chatId == null || turn == null) return;
            var compile = coordinator.Compiles.Get(chatId, turn);
            if (compile != null) AddCompile(chatId, compile);
            if (context.ReadOnly) return;
            var plan = coordinator.PlanUndo(chatId, turn);
            if (plan.Action == TurnUndoAction.None) return;
            var row = ChatUi.Box("ap-row ap-turn-actions");
            var undo = ChatUi.Button("Undo this turn", "ap-turn-action", () => Undo(chatId, turn));
            undo.tooltip = "Undo every Editor change this turn made, as one step";
            row.Add(undo);
            Add(row);
        }

        private void AddCompile(string chatId, TurnCompile compile)
        {
            var failed = compile.State == TurnCompileState.Failed;
            var line = ChatUi.Label(TurnCardText.CompileLine(compile), failed ? "ap-compile-line ap-error" : "ap-compile-line");
            Add(line);
            if (!failed) return;
            var list = ChatUi.Box("ap-compile-errors");
            foreach (var issue in compile.Issues)
            {
                var item = ChatUi.Box("ap-row ap-compile-error");
                if (issue.File.StartsWith("Assets/") || issue.File.StartsWith("Packages/"))
                {
                    var file = issue.File;
                    var at = issue.Line;
                    item.Add(ChatUi.Button(at > 0 ? file + ":" + at : file, "ap-asset-link", () => ChatUi.OpenAsset(file, at)));
                }
                item.Add(ChatUi.Label(issue.File.Length > 0 ? issue.Message : issue.ToString(), "ap-compile-message"));
                list.Add(item);
            }
            Add(list);
            if (context.ReadOnly || context.Store == null) return;
            var text = compile.FixPrompt;
            var fix = ChatUi.Button("Fix these errors", "ap-turn-action", () => TurnSession.SendFix(chatId, text));
            fix.tooltip = "Send these errors to this chat";
            Add(fix);
        }

        private static void Undo(string chatId, string turn)
        {
            var coordinator = TurnSession.Coordinator;
            var plan = coordinator.PlanUndo(chatId, turn);
            if (plan.Action == TurnUndoAction.ConfirmRevert && !EditorUtility.DisplayDialog("Undo this turn", plan.Confirm, "Undo", "Cancel")) return;
            coordinator.PerformUndo(plan);
        }
    }
}
