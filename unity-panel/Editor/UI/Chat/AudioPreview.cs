using System;
using System.IO;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>
    /// Plays one AudioClip at a time in Edit Mode for the compose cards. Unity's own preview player (AudioUtil) is internal, so
    /// this uses the public route: an AudioSource on a hidden, never-saved GameObject, destroyed before every domain reload.
    /// </summary>
    internal static class AudioPreview
    {
        private static GameObject host;
        private static AudioSource source;

        /// <summary>The asset path playing now, or null.</summary>
        public static string Playing { get; private set; }

        /// <summary>Playback started or stopped (cards update their button).</summary>
        public static event Action Changed;

        /// <summary>Play the clip at <paramref name="assetPath"/>; returns what to tell the user when it cannot (null when it plays).</summary>
        public static string Play(string assetPath)
        {
            var clip = AssetDatabase.LoadAssetAtPath<AudioClip>(assetPath);
            if (clip == null && File.Exists(assetPath))
            {
                // The sidecar wrote it while the Editor was away and nothing refreshed since: import it now.
                AssetDatabase.ImportAsset(assetPath, ImportAssetOptions.ForceUpdate);
                clip = AssetDatabase.LoadAssetAtPath<AudioClip>(assetPath);
            }
            if (clip == null) return File.Exists(assetPath) ? $"Unity could not import {assetPath} as an AudioClip; see the Console." : $"{assetPath} is gone; ask the agent to compose it again.";
            Stop();
            if (source == null)
            {
                host = EditorUtility.CreateGameObjectWithHideFlags("Agent Panel audio preview", HideFlags.HideAndDontSave, typeof(AudioSource));
                source = host.GetComponent<AudioSource>();
                AssemblyReloadEvents.beforeAssemblyReload += Dispose;
            }
            source.clip = clip;
            source.Play();
            Playing = assetPath;
            EditorApplication.update += Watch;
            Changed?.Invoke();
            return EditorUtility.audioMasterMute ? "Editor audio is muted (Game view: Mute Audio); unmute it to hear the clip." : null;
        }

        /// <summary>Stop whatever plays.</summary>
        public static void Stop()
        {
            if (Playing == null) return;
            if (source != null) source.Stop();
            Playing = null;
            EditorApplication.update -= Watch;
            Changed?.Invoke();
        }

        private static void Watch()
        {
            if (source == null || !source.isPlaying) Stop();
        }

        private static void Dispose()
        {
            Stop();
            AssemblyReloadEvents.beforeAssemblyReload -= Dispose;
            if (host != null) UnityEngine.Object.DestroyImmediate(host);
            host = null;
            source = null;
        }
    }
}
