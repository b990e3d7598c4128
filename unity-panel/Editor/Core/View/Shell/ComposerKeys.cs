namespace AgentPanel.Core.View
{
    /// <summary>Which key sends: Enter (Shift+Enter breaks the line) or Ctrl/Cmd+Enter (Enter breaks the line).</summary>
    internal enum SendKey
    {
        Enter,
        CtrlEnter,
    }

    /// <summary>The keys the composer cares about.</summary>
    internal enum ComposerKey
    {
        Other,
        Enter,
        Escape,
    }

    /// <summary>What a key press in the composer does.</summary>
    internal enum ComposerKeyAction
    {
        /// <summary>Nothing special: the text field handles the key.</summary>
        None,
        Send,
        /// <summary>A line break (the composer inserts it at the cursor: the multiline field ignores Shift+Enter).</summary>
        NewLine,
        Interrupt,
    }

    /// <summary>The composer's keyboard rules, kept out of UI Toolkit so they are tested: Enter sends, Shift+Enter breaks the line, IME composition never sends, Esc stops a running turn.</summary>
    internal static class ComposerKeys
    {
        /// <summary>
        /// Decide a key press. <paramref name="command"/> is Ctrl (or Cmd on macOS); <paramref name="composing"/> is true while an
        /// input method composes text (its Enter confirms the composition); <paramref name="busy"/> is true while a turn runs.
        /// </summary>
        public static ComposerKeyAction Decide(ComposerKey key, bool shift, bool command, bool alt, bool composing, SendKey mode, bool busy)
        {
            if (composing) return ComposerKeyAction.None;
            if (key == ComposerKey.Escape) return busy ? ComposerKeyAction.Interrupt : ComposerKeyAction.None;
            if (key != ComposerKey.Enter) return ComposerKeyAction.None;
            if (shift || alt) return ComposerKeyAction.NewLine;
            if (mode == SendKey.CtrlEnter) return command ? ComposerKeyAction.Send : ComposerKeyAction.NewLine;
            return ComposerKeyAction.Send;
        }

        /// <summary>The hint under the composer for a send mode.</summary>
        public static string Hint(SendKey mode)
        {
            return mode == SendKey.CtrlEnter ? "Ctrl+Enter to send · Enter for a new line · Esc to stop" : "Enter to send · Shift+Enter for a new line · Esc to stop";
        }
    }
}
