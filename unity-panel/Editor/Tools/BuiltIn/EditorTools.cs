using System;
using System.Linq;
using AgentPanel.Core.Tools;
using UnityEditor;
using UnityEngine;
using UnityEngine.SceneManagement;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Tools.BuiltIn
{
    /// <summary>The Editor itself: play mode, menu items and selection (changes); state, selection and screenshots (reads).</summary>
    internal static class EditorTools
    {
        public enum EditorAction
        {
            play,
            pause,
            stop,
            execute_menu,
            select,
        }

        public enum StateAction
        {
            state,
            selection,
            screenshot,
        }

        public enum View
        {
            game,
            scene,
        }

        [AgentTool(Name = "editor", Group = "editor",
            Description = "Drive the Editor. play / pause (toggles) / stop Play Mode; execute_menu: run a menu item by path (e.g. \"GameObject/Align With View\"); select: set the selection to targets (hierarchy paths, #instanceIds, names or asset paths; empty clears it).",
            Examples = new[] { "{\"action\":\"execute_menu\",\"menu\":\"Assets/Refresh\"}", "{\"action\":\"select\",\"targets\":[\"/Main Camera\"]}" })]
        public static object Editor(
            [ToolParameter("what to do")] EditorAction action,
            [ToolParameter("execute_menu: the menu item path")] string menu = "",
            [ToolParameter("select: the objects to select")] string[] targets = null)
        {
            switch (action)
            {
                case EditorAction.play:
                    EditorApplication.isPlaying = true;
                    return new SuccessResponse("Entering Play Mode (scripts may reload; editor_state tells when it is ready).");
                case EditorAction.pause:
                    EditorApplication.isPaused = !EditorApplication.isPaused;
                    return new SuccessResponse(EditorApplication.isPaused ? "Paused" : "Resumed");
                case EditorAction.stop:
                    EditorApplication.isPlaying = false;
                    return new SuccessResponse("Leaving Play Mode");
                case EditorAction.execute_menu:
                    if (string.IsNullOrEmpty(menu)) throw new ToolException(ToolErrorCodes.InvalidParams, "execute_menu needs menu, e.g. \"Assets/Refresh\".");
                    if (!EditorApplication.ExecuteMenuItem(menu)) throw new ToolException(ToolErrorCodes.NotFound, $"No enabled menu item '{menu}'. Paths are as shown in the menu bar, separated by '/'.");
                    return new SuccessResponse($"Ran {menu}");
                default:
                {
                    var objects = (targets ?? new string[0]).Select(Resolve).ToArray();
                    Selection.objects = objects;
                    return new SuccessResponse($"Selected {objects.Length} object(s)", new { selection = objects.Select(UnityObjectConverter.Reference) });
                }
            }
        }

        [AgentTool(Name = "editor_state", Group = "editor", Idempotency = Idempotency.Safe, AlwaysLoad = true,
            Description = "Read the Editor. state: playing, paused, compiling, updating and whether it is ready for tools, the open scenes, Unity version. selection: the selected objects. screenshot: a PNG of the Game view (the main camera) or the Scene view, returned as an image.",
            Examples = new[] { "{\"action\":\"screenshot\",\"view\":\"scene\"}" })]
        public static object State(
            [ToolParameter("state, selection or screenshot")] StateAction action,
            [ToolParameter("screenshot: which view")] View view = View.game,
            [ToolParameter("screenshot: width in pixels (64-2048)")] int width = 960,
            [ToolParameter("screenshot: height in pixels (64-2048)")] int height = 540)
        {
            switch (action)
            {
                case StateAction.selection:
                    return new SuccessResponse($"{Selection.objects.Length} object(s) selected", new { selection = Selection.objects.Select(UnityObjectConverter.Reference), active = UnityObjectConverter.Reference(Selection.activeObject) });
                case StateAction.screenshot:
                    return Screenshot(view, Mathf.Clamp(width, 64, 2048), Mathf.Clamp(height, 64, 2048));
                default:
                    var ready = !EditorApplication.isCompiling && !EditorApplication.isUpdating;
                    return new SuccessResponse(ready ? "Ready" : "Busy (compiling or importing)", new
                    {
                        playing = EditorApplication.isPlaying,
                        paused = EditorApplication.isPaused,
                        compiling = EditorApplication.isCompiling,
                        updating = EditorApplication.isUpdating,
                        ready_for_tools = ready,
                        unity = Application.unityVersion,
                        scenes = Enumerable.Range(0, SceneManager.sceneCount).Select(i => SceneManager.GetSceneAt(i)).Select(s => new { s.name, s.path, s.isDirty }),
                        wake = EditorToolHost.WakeMode,
                    });
            }
        }

        private static ImageResponse Screenshot(View view, int width, int height)
        {
            Camera camera;
            if (view == View.scene)
            {
                camera = SceneView.lastActiveSceneView != null ? SceneView.lastActiveSceneView.camera : null;
                if (camera == null) throw new ToolException(ToolErrorCodes.NotFound, "No Scene view is open; open one (Window > General > Scene) or ask for the game view.");
            }
            else
            {
                camera = Camera.main ?? Camera.allCameras.FirstOrDefault();
                if (camera == null) throw new ToolException(ToolErrorCodes.NotFound, "The scene has no enabled camera to render the game view from.");
            }
            var target = RenderTexture.GetTemporary(width, height, 24);
            var previousTarget = camera.targetTexture;
            var previousActive = RenderTexture.active;
            var texture = new Texture2D(width, height, TextureFormat.RGB24, false);
            try
            {
                camera.targetTexture = target;
                camera.Render();
                RenderTexture.active = target;
                texture.ReadPixels(new Rect(0, 0, width, height), 0, 0);
                texture.Apply();
                return new ImageResponse(texture.EncodeToPNG(), "image/png", $"{view} view, {width}×{height}, camera {camera.name}");
            }
            finally
            {
                camera.targetTexture = previousTarget;
                RenderTexture.active = previousActive;
                RenderTexture.ReleaseTemporary(target);
                Object.DestroyImmediate(texture);
            }
        }

        private static Object Resolve(string target)
        {
            if (target.StartsWith("Assets/") || target.StartsWith("Packages/"))
                return AssetDatabase.LoadMainAssetAtPath(target) ?? throw new ToolException(ToolErrorCodes.NotFound, $"No asset at '{target}'.");
            return SceneObjects.Require(target);
        }
    }
}
