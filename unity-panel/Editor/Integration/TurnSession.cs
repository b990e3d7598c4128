using System;
using System.Collections.Generic;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tools;
using AgentPanel.Core.Turns;
using AgentPanel.Core.View;
using AgentPanel.Editor.Tools;
using UnityEditor;
using UnityEditor.Compilation;

namespace AgentPanel.Editor.Integration
{
    /// <summary>
    /// The Editor side of the per-turn behaviour (docs/turn-compile.md): feeds the session's chat events, the project's
    /// compilations and the recorded Editor changes to Core's <see cref="TurnCoordinator"/>, which holds AssetDatabase auto
    /// refresh while an agent turn writes assets, asks for one Refresh when it ends, and keeps one Undo step per turn. Its
    /// state lives in SessionState, so a domain reload in the middle resumes it.
    /// </summary>
    [InitializeOnLoad]
    internal static class TurnSession
    {
        private static SidecarConnection connection;
        private static ChatStore store;
        private static bool restored;

        static TurnSession()
        {
            Coordinator = new TurnCoordinator(new EditorAssetRefresh(), new EditorUndoGroups(), new SessionStateTurnMemory(), null);
            CompilationPipeline.compilationStarted -= OnCompileStarted;
            CompilationPipeline.compilationStarted += OnCompileStarted;
            CompilationPipeline.compilationFinished -= OnCompileFinished;
            CompilationPipeline.compilationFinished += OnCompileFinished;
            ObjectChangeEvents.changesPublished -= OnChangesPublished;
            ObjectChangeEvents.changesPublished += OnChangesPublished;
            EditorApplication.update -= OnUpdate;
            EditorApplication.update += OnUpdate;
            Coordinator.AutoFixWanted += SendFix;
            // A hold saved before this reload while no session starts again (the window was closed): nobody would end it.
            EditorApplication.delayCall += () => Restore(new string[0]);
        }

        /// <summary>The one coordinator of this Editor (the turn cards read it).</summary>
        public static TurnCoordinator Coordinator { get; }

        /// <summary>Follow a session's connection and store (after its chats were restored); main thread.</summary>
        public static void Attach(SidecarConnection sessionConnection, ChatStore sessionStore, ICollection<string> followedChats)
        {
            Detach();
            connection = sessionConnection;
            store = sessionStore;
            ApplySettings(new PanelPreferences(new AgentPanel.Editor.UI.EditorPrefsSettingsStore()));
            Restore(followedChats);
            connection.EventReceived += OnEvent;
            connection.SnapshotReceived += OnSnapshot;
            connection.SubscriptionLost += OnLost;
            connection.StatusChanged += OnStatus;
            Coordinator.Disconnected();
        }

        /// <summary>Stop following (before a domain reload: the state is already in SessionState).</summary>
        public static void Detach()
        {
            if (connection == null) return;
            connection.EventReceived -= OnEvent;
            connection.SnapshotReceived -= OnSnapshot;
            connection.SubscriptionLost -= OnLost;
            connection.StatusChanged -= OnStatus;
            connection = null;
            store = null;
        }

        /// <summary>The session stopped for good (window closed): release any hold now.</summary>
        public static void Stop()
        {
            Detach();
            Coordinator.Stop();
        }

        /// <summary>The settings were saved: take the turn options over (turning batching off releases a hold).</summary>
        public static void ApplySettings(PanelPreferences settings)
        {
            Coordinator.Options.OneUndoPerTurn = settings.OneUndoPerTurn;
            Coordinator.Options.AutoFixCompileErrors = settings.AutoFixCompileErrors;
            Coordinator.SetBatching(settings.BatchRecompiles);
        }

        /// <summary>Send a chat the errors of its turn's compile ("Fix these errors").</summary>
        public static async void SendFix(string chatId, string text)
        {
            if (store == null || string.IsNullOrEmpty(text)) return;
            try
            {
                await store.SendAsync(chatId, text);
            }
            catch (AgentPanel.Core.AgentPanelException e)
            {
                UnityEngine.Debug.LogWarning("[Agent Panel] could not send the compile errors: " + e.Message);
            }
        }

        // Once per domain load: the first of the session's start and the fallback after every [InitializeOnLoad] ran.
        private static void Restore(ICollection<string> followedChats)
        {
            if (restored) return;
            restored = true;
            Coordinator.Restore(followedChats);
        }

        private static void OnEvent(EventFrame frame) => Coordinator.OnEvent(frame.ChatId, frame.Event);

        private static void OnSnapshot(SnapshotFrame frame) => Coordinator.OnSnapshot(frame.ChatId, frame.Events);

        private static void OnLost(string chatId, AgentPanel.Core.AgentPanelException why) => Coordinator.ChatGone(chatId);

        private static void OnStatus(ConnectionStatus status)
        {
            if (status.State == ConnectionState.Connected) Coordinator.Connected();
            else Coordinator.Disconnected();
        }

        private static void OnCompileStarted(object context)
        {
            if (CompileEventFilter.IsProjectCompile(context)) Coordinator.CompileStarted();
        }

        // CompileErrorWatcher collected this compilation's errors from assemblyCompilationFinished, which comes first.
        private static void OnCompileFinished(object context)
        {
            if (CompileEventFilter.IsProjectCompile(context)) Coordinator.CompileFinished(CompileErrorWatcher.Errors);
        }

        private static void OnChangesPublished(ref ObjectChangeEventStream stream)
        {
            if (stream.length > 0) Coordinator.EditorChanged();
        }

        private static void OnUpdate() => Coordinator.Tick(EditorApplication.isCompiling);

        /// <summary>AssetDatabase as the hold uses it; the refresh waits for the next Editor tick, outside the event pump.</summary>
        private sealed class EditorAssetRefresh : IAssetRefresh
        {
            public void DisallowAutoRefresh() => AssetDatabase.DisallowAutoRefresh();

            public void AllowAutoRefresh() => AssetDatabase.AllowAutoRefresh();

            public void Refresh() => EditorApplication.delayCall += AssetDatabase.Refresh;
        }

        /// <summary>SessionState as the turn memory: survives domain reloads, not an Editor restart (nor does Unity's Disallow count).</summary>
        private sealed class SessionStateTurnMemory : ITurnMemory
        {
            public string Get(string key) => SessionState.GetString(key, "");

            public void Set(string key, string value)
            {
                if (string.IsNullOrEmpty(value)) SessionState.EraseString(key);
                else SessionState.SetString(key, value);
            }
        }
    }
}
