using System;
using System.Linq;
using AgentPanel.Core.Tools;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace AgentPanel.Editor.Tools.BuiltIn
{
    /// <summary>Reading the open scenes: the hierarchy page by page, and finding objects by name, tag, type or component.</summary>
    internal static class SceneTool
    {
        public enum SceneAction
        {
            hierarchy,
            find,
        }

        [AgentTool(Name = "scene", Group = "scene", Idempotency = Idempotency.Safe, AlwaysLoad = true,
            Description = "Read the open scenes. hierarchy: GameObjects depth-first with path, instance id, active flag and components (paged with offset/limit; root narrows to one subtree). find: objects whose name contains `name`, with `tag`, or with a component of type `component`. Use it before changing objects to learn their paths.",
            Examples = new[] { "{\"action\":\"hierarchy\",\"limit\":50}", "{\"action\":\"find\",\"component\":\"Camera\"}" })]
        public static object Scene(
            [ToolParameter("hierarchy or find")] SceneAction action,
            [ToolParameter("hierarchy: path or #instanceId of the subtree to list; empty lists every root")] string root = "",
            [ToolParameter("find: part of the object name (case-insensitive)")] string name = "",
            [ToolParameter("find: exact tag")] string tag = "",
            [ToolParameter("find: component type name, e.g. Camera, Rigidbody, MyScript")] string component = "",
            [ToolParameter("include inactive objects")] bool includeInactive = true,
            [ToolParameter("first item to return (paging)")] int offset = 0,
            [ToolParameter("most items to return (1-500)")] int limit = 100)
        {
            limit = Math.Max(1, Math.Min(500, limit));
            offset = Math.Max(0, offset);
            var all = string.IsNullOrEmpty(root) ? SceneObjects.AllObjects() : SceneObjects.Require(root).GetComponentsInChildren<Transform>(true).Select(t => t.gameObject);
            var matching = all.Where(g => includeInactive || g.activeInHierarchy);
            if (action == SceneAction.find)
            {
                if (string.IsNullOrEmpty(name) && string.IsNullOrEmpty(tag) && string.IsNullOrEmpty(component)) throw new ToolException(ToolErrorCodes.InvalidParams, "find needs name, tag or component.");
                if (!string.IsNullOrEmpty(name)) matching = matching.Where(g => g.name.IndexOf(name, StringComparison.OrdinalIgnoreCase) >= 0);
                if (!string.IsNullOrEmpty(tag)) matching = matching.Where(g => g.tag == tag);
                if (!string.IsNullOrEmpty(component)) matching = matching.Where(g => g.GetComponents<Component>().Any(c => c != null && (c.GetType().Name == component || c.GetType().FullName == component)));
            }
            var list = matching.ToList();
            var page = list.Skip(offset).Take(limit).Select(Describe).ToList();
            var scenes = Enumerable.Range(0, SceneManager.sceneCount).Select(SceneManager.GetSceneAt).Select(s => new { s.name, s.path, s.isDirty, s.isLoaded }).ToList();
            return new SuccessResponse($"{page.Count} of {list.Count} objects (offset {offset})", new { scenes, total = list.Count, offset, objects = page, next_offset = offset + page.Count < list.Count ? offset + page.Count : (int?)null });
        }

        private static object Describe(GameObject g) => new
        {
            path = SceneObjects.PathOf(g),
            instance_id = g.GetInstanceID(),
            active = g.activeSelf,
            tag = g.tag,
            layer = LayerMask.LayerToName(g.layer),
            depth = Depth(g.transform),
            components = g.GetComponents<Component>().Select(c => c == null ? "(missing script)" : c.GetType().Name).ToArray(),
        };

        private static int Depth(Transform t)
        {
            var d = 0;
            for (var p = t.parent; p != null; p = p.parent) d++;
            return d;
        }
    }
}
