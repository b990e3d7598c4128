namespace AgentPanel.Core.View
{
    /// <summary>Why the domain reloaded: the window announces only a recompile ("Reconnected after recompile").</summary>
    internal enum ReloadCause
    {
        /// <summary>No reload seen (first load of the Editor, or domain reload disabled in Enter Play Mode Options).</summary>
        None,
        /// <summary>Scripts were recompiled (or a reload was requested) outside a play mode change.</summary>
        Recompile,
        /// <summary>Entering or leaving Play Mode reloaded the domain.</summary>
        PlayMode,
    }

    /// <summary>The Editor's play mode transitions, as Unity's PlayModeStateChange reports them (same order).</summary>
    internal enum PlayModeTransition
    {
        EnteredEditMode,
        ExitingEditMode,
        EnteredPlayMode,
        ExitingPlayMode,
    }

    /// <summary>
    /// Tells a recompile from a play mode change at beforeAssemblyReload: Unity reports ExitingEditMode / ExitingPlayMode before
    /// the reload that enters / leaves Play Mode, and EnteredPlayMode / EnteredEditMode after it (or at once when Enter Play Mode
    /// Options disable the reload, so a later recompile counts as one again).
    /// </summary>
    internal sealed class ReloadCauseTracker
    {
        private bool changingPlayMode;

        /// <summary>Unity reported a play mode transition.</summary>
        public void Observe(PlayModeTransition transition)
        {
            changingPlayMode = transition == PlayModeTransition.ExitingEditMode || transition == PlayModeTransition.ExitingPlayMode;
        }

        /// <summary>The cause of a reload starting now.</summary>
        public ReloadCause ReloadStarting => changingPlayMode ? ReloadCause.PlayMode : ReloadCause.Recompile;

        /// <summary>The banner to show after a reload that restored <paramref name="restoredChats"/> chats (null = none).</summary>
        public static string BannerAfter(ReloadCause cause, int restoredChats)
        {
            return cause == ReloadCause.Recompile && restoredChats > 0 ? "Reconnected after recompile: the agent kept running." : null;
        }
    }
}
