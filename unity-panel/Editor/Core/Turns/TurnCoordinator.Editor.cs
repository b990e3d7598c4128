using System.Collections.Generic;
using AgentPanel.Core.View;

namespace AgentPanel.Core.Turns
{
    // What the Editor reports back (compilations, recorded changes) and what the turn cards ask for (fix prompt, Undo).
    internal sealed partial class TurnCoordinator
    {
        /// <summary>The project's compilation started (not a script definition's build).</summary>
        public void CompileStarted()
        {
            Compiles.CompileStarted(clock());
            SaveCompiles();
            Changed?.Invoke();
        }

        /// <summary>The project's compilation finished: the waiting turns get the result; failed ones may go back to the agent.</summary>
        public void CompileFinished(IEnumerable<CompileError> errors)
        {
            var done = Compiles.CompileFinished(errors);
            SaveCompiles();
            Changed?.Invoke();
            var failed = done.FindAll(c => c.State == TurnCompileState.Failed);
            if (failed.Count == 0) return;
            foreach (var chat in FixTargets(failed))
            {
                var compile = failed.Find(c => c.ChatId == chat);
                if (Guard.Decide(chat, compile.Signature, Options.AutoFixCompileErrors) != AutoFixDecision.Send) continue;
                Guard.Sent(chat, compile.Signature, compile.FixPrompt);
                AutoFixWanted?.Invoke(chat, compile.FixPrompt);
            }
        }

        /// <summary>An Editor change was recorded (Undo-able): it joins the running turns' step, or marks the finished ones changed since.</summary>
        public void EditorChanged()
        {
            Undo.Changed();
            SaveUndo();
        }

        /// <summary>The text "Fix these errors" sends for a turn ("" when it has no errors).</summary>
        public string FixPrompt(string chatId, string turnId) => Compiles.Get(chatId, turnId)?.FixPrompt ?? "";

        /// <summary>What "Undo this turn" would do now.</summary>
        public TurnUndoPlan PlanUndo(string chatId, string turnId) => Undo.Plan(chatId, turnId);

        /// <summary>Carry out "Undo this turn" (a ConfirmRevert only after the user said yes).</summary>
        public void PerformUndo(TurnUndoPlan plan)
        {
            Undo.Perform(plan);
            SaveUndo();
            Changed?.Invoke();
        }

        // Errors go to the chats whose turn wrote a file the errors name; when none did, to the first turn's chat (one agent, not all).
        private List<string> FixTargets(List<TurnCompile> failed)
        {
            var targets = new List<string>();
            foreach (var compile in failed)
            {
                if (!written.TryGetValue(Key(compile.ChatId, compile.TurnId), out var files)) continue;
                if (compile.Issues.Exists(i => files.Contains(i.File)) && !targets.Contains(compile.ChatId)) targets.Add(compile.ChatId);
            }
            if (targets.Count == 0) targets.Add(failed[0].ChatId);
            return targets;
        }
    }
}
