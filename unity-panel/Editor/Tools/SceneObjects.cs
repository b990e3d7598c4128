using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using AgentPanel.Core.Tools;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace AgentPanel.Editor.Tools
{
    /// <summary>Finds GameObjects the way tools name them: a hierarchy path ("/Canvas/Button[1]"), an instance id, or a name.</summary>
    internal static class SceneObjects
    {
        /// <summary>The GameObject a target string names: "#12345" or a number is an instance id, a path with '/' is a hierarchy path, else the first object with that name.</summary>
        public static GameObject Find(string target)
        {
            if (string.IsNullOrWhiteSpace(target)) return null;
            target = target.Trim();
            var idText = target.StartsWith("#") ? target.Substring(1) : target;
            if (int.TryParse(idText, NumberStyles.Integer, CultureInfo.InvariantCulture, out var id)) return EditorUtility.InstanceIDToObject(id) as GameObject;
            if (target.Contains("/")) return ByPath(target);
            return AllObjects().FirstOrDefault(g => g.name == target);
        }

        /// <summary>Find or fail with a message saying how to name objects.</summary>
        public static GameObject Require(string target)
        {
            var go = Find(target);
            if (go == null) throw new ToolException(ToolErrorCodes.NotFound, $"No GameObject matches '{target}'. Name it by hierarchy path (\"/Parent/Child\", \"Child[1]\" for the second of that name), by instance id (\"#12345\") or by name; the scene tool's hierarchy action lists them.");
            return go;
        }

        /// <summary>A hierarchy path: "/Root/Child[1]/Leaf".</summary>
        public static GameObject ByPath(string path)
        {
            var parts = path.Trim('/').Split('/');
            var current = Root(parts[0]);
            for (var i = 1; i < parts.Length && current != null; i++) current = Child(current.transform, parts[i]);
            return current;
        }

        /// <summary>A root object of the loaded scenes by "name" or "name[index]".</summary>
        public static GameObject Root(string segment) => Pick(Roots(), segment);

        /// <summary>A direct child by "name" or "name[index]".</summary>
        public static GameObject Child(Transform parent, string segment) => Pick(Enumerable.Range(0, parent.childCount).Select(i => parent.GetChild(i).gameObject), segment);

        /// <summary>The object's hierarchy path, with [n] where siblings share its name.</summary>
        public static string PathOf(GameObject go)
        {
            var parts = new List<string>();
            for (var t = go.transform; t != null; t = t.parent)
            {
                var siblings = t.parent != null ? Enumerable.Range(0, t.parent.childCount).Select(i => t.parent.GetChild(i).gameObject) : t.gameObject.scene.GetRootGameObjects();
                var same = siblings.Where(s => s.name == t.name).ToList();
                var index = same.IndexOf(t.gameObject);
                parts.Insert(0, same.Count > 1 && index > 0 ? $"{t.name}[{index}]" : t.name);
            }
            return "/" + string.Join("/", parts);
        }

        /// <summary>Root objects of every loaded scene (and of the open prefab stage, when one is open).</summary>
        public static IEnumerable<GameObject> Roots()
        {
            var stage = PrefabStageUtility.GetCurrentPrefabStage();
            if (stage != null) return new[] { stage.prefabContentsRoot };
            var roots = new List<GameObject>();
            for (var i = 0; i < SceneManager.sceneCount; i++)
            {
                var scene = SceneManager.GetSceneAt(i);
                if (scene.isLoaded) roots.AddRange(scene.GetRootGameObjects());
            }
            return roots;
        }

        /// <summary>Every GameObject of the loaded scenes, depth first.</summary>
        public static IEnumerable<GameObject> AllObjects()
        {
            foreach (var root in Roots())
            {
                foreach (var t in root.GetComponentsInChildren<Transform>(true)) yield return t.gameObject;
            }
        }

        private static GameObject Pick(IEnumerable<GameObject> candidates, string segment)
        {
            var name = segment;
            var index = 0;
            var open = segment.LastIndexOf('[');
            if (open > 0 && segment.EndsWith("]") && int.TryParse(segment.Substring(open + 1, segment.Length - open - 2), NumberStyles.Integer, CultureInfo.InvariantCulture, out var n))
            {
                name = segment.Substring(0, open);
                index = n;
            }
            return candidates.Where(g => g.name == name).Skip(index).FirstOrDefault();
        }
    }
}
