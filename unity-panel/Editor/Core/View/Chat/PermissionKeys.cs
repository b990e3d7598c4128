namespace AgentPanel.Core.View
{
    /// <summary>Keys the permission bar reacts to (the UI maps Unity's KeyCode to these).</summary>
    internal enum ChatKey
    {
        Other,
        Y,
        N,
        Escape,
    }

    /// <summary>What a key press on the permission bar does.</summary>
    internal enum PermissionKeyAction
    {
        /// <summary>Not consumed: the key goes on to whoever else handles it.</summary>
        None,
        Allow,
        /// <summary>Show and focus the deny reason field.</summary>
        OpenDenyReason,
        /// <summary>Close the reason field without answering.</summary>
        CancelDenyReason,
    }

    /// <summary>
    /// Keyboard rules of the permission bar: Y allows, N opens the deny reason field, only while a prompt is pending and the focus
    /// is not in a text field (so typing "y" in the composer or the reason never answers); Esc closes an open reason field.
    /// Modified keys (Ctrl/Cmd/Alt) are never taken.
    /// </summary>
    internal static class PermissionKeys
    {
        public static PermissionKeyAction Decide(ChatKey key, bool modified, bool pending, bool focusInTextInput, bool reasonOpen, bool isQuestion)
        {
            if (!pending || modified) return PermissionKeyAction.None;
            if (key == ChatKey.Escape) return reasonOpen ? PermissionKeyAction.CancelDenyReason : PermissionKeyAction.None;
            if (focusInTextInput || isQuestion) return PermissionKeyAction.None;
            switch (key)
            {
                case ChatKey.Y: return PermissionKeyAction.Allow;
                case ChatKey.N: return PermissionKeyAction.OpenDenyReason;
                default: return PermissionKeyAction.None;
            }
        }
    }
}
