using System;
using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Tools.BuiltIn
{
    /// <summary>Components: read any serialized field, list component types (safe); add, remove and set fields (one Undo step).</summary>
    internal static class ComponentTools
    {
        public enum ReadAction
        {
            get,
            list_types,
        }

        public enum WriteAction
        {
            add,
            remove,
            set,
        }

        [AgentTool(Name = "component_read", Group = "scene", Idempotency = Idempotency.Safe,
            Description = "Read components. get: the serialized fields of a component on target (every field the Inspector shows, any component including third-party ones), or the list of its components when component is empty. list_types: component types whose name contains filter (to add one).",
            Examples = new[] { "{\"action\":\"get\",\"target\":\"/Main Camera\",\"component\":\"Camera\"}" })]
        public static object Read(
            [ToolParameter("get or list_types")] ReadAction action,
            [ToolParameter("get: the GameObject (hierarchy path, #instanceId or name)")] string target = "",
            [ToolParameter("get: component type name, e.g. Transform, Rigidbody, MyScript; empty lists the components")] string component = "",
            [ToolParameter("get: which one when the object has several of that type (0 = first)")] int index = 0,
            [ToolParameter("get: only this property path (as in SerializedProperty, e.g. m_LocalPosition)")] string property = "",
            [ToolParameter("list_types: part of the type name")] string filter = "",
            [ToolParameter("list_types: most names to return")] int limit = 100)
        {
            if (action == ReadAction.list_types)
            {
                var types = TypeCache.GetTypesDerivedFrom<Component>().Where(t => !t.IsAbstract && !t.IsGenericType && (string.IsNullOrEmpty(filter) || t.Name.IndexOf(filter, StringComparison.OrdinalIgnoreCase) >= 0))
                    .Select(t => t.FullName).OrderBy(n => n, StringComparer.Ordinal).ToList();
                return new SuccessResponse($"{Math.Min(limit, types.Count)} of {types.Count} component types", new { total = types.Count, types = types.Take(Math.Max(1, limit)) });
            }
            var go = SceneObjects.Require(target);
            if (string.IsNullOrEmpty(component))
            {
                var list = go.GetComponents<Component>().Select((c, i) => new { index = i, type = c == null ? "(missing script)" : c.GetType().FullName }).ToList();
                return new SuccessResponse($"{list.Count} components on {SceneObjects.PathOf(go)}", new { components = list });
            }
            var found = Find(go, component, index);
            using (var so = new SerializedObject(found))
            {
                if (!string.IsNullOrEmpty(property))
                {
                    var p = so.FindProperty(property) ?? throw new ToolException(ToolErrorCodes.NotFound, $"{found.GetType().Name} has no serialized property '{property}'. Call get without property to list them.");
                    return new SuccessResponse($"{found.GetType().Name}.{property}", new { property, type = p.propertyType.ToString(), value = SerializedValues.Read(p, 3) });
                }
                var fields = new JObject();
                var it = so.GetIterator();
                if (it.NextVisible(true))
                {
                    do
                    {
                        if (it.name == "m_Script") continue;
                        fields[it.propertyPath] = SerializedValues.Read(it);
                    }
                    while (it.NextVisible(false));
                }
                return new SuccessResponse($"{found.GetType().Name} on {SceneObjects.PathOf(go)}", new { type = found.GetType().FullName, fields });
            }
        }

        [AgentTool(Name = "component", Group = "scene", UndoGroup = "Agent: component",
            Description = "Change components (one Undo step per call). add: a component of type component to target. remove: it. set: serialized fields given as {property path: value} in values, e.g. {\"m_Mass\": 2} for Rigidbody or {\"speed\": 3} for a script; vectors/colors as {x,y,z}/{r,g,b,a}, object references as asset path, hierarchy path or instance id. Read paths first with component_read get.",
            Examples = new[] { "{\"action\":\"set\",\"target\":\"/Player\",\"component\":\"Rigidbody\",\"values\":{\"m_Mass\":2}}" })]
        public static object Write(
            [ToolParameter("add, remove or set")] WriteAction action,
            [ToolParameter("the GameObject (hierarchy path, #instanceId or name)")] string target,
            [ToolParameter("component type name (short or full)")] string component,
            [ToolParameter("which one when the object has several of that type (0 = first)")] int index = 0,
            [ToolParameter("set: property path → new value")] JObject values = null)
        {
            var go = SceneObjects.Require(target);
            switch (action)
            {
                case WriteAction.add:
                {
                    var type = ComponentType(component);
                    var added = Undo.AddComponent(go, type);
                    if (added == null) throw new ToolException(ToolErrorCodes.ToolFailed, $"Unity refused to add {type.Name} to {go.name} (a conflicting component, or one of it is allowed only once).");
                    return new SuccessResponse($"Added {type.Name} to {SceneObjects.PathOf(go)}");
                }
                case WriteAction.remove:
                {
                    var found = Find(go, component, index);
                    if (found is Transform) throw new ToolException(ToolErrorCodes.InvalidParams, "A Transform cannot be removed; delete the GameObject instead.");
                    Undo.DestroyObjectImmediate(found);
                    return new SuccessResponse($"Removed {component} from {SceneObjects.PathOf(go)} (Undo restores it)");
                }
                default:
                {
                    if (values == null || values.Count == 0) throw new ToolException(ToolErrorCodes.InvalidParams, "set needs values: {\"property path\": value, …}.");
                    var found = Find(go, component, index);
                    using (var so = new SerializedObject(found))
                    {
                        var changed = new JObject();
                        foreach (var entry in values.Properties())
                        {
                            var p = so.FindProperty(entry.Name) ?? throw new ToolException(ToolErrorCodes.NotFound, $"{found.GetType().Name} has no serialized property '{entry.Name}'. component_read get lists them.");
                            SerializedValues.Write(p, entry.Value);
                            changed[entry.Name] = entry.Value;
                        }
                        so.ApplyModifiedProperties();
                        var now = new JObject();
                        foreach (var entry in values.Properties()) now[entry.Name] = SerializedValues.Read(so.FindProperty(entry.Name));
                        return new SuccessResponse($"Set {values.Count} field(s) of {found.GetType().Name} on {SceneObjects.PathOf(go)}", new { values = now });
                    }
                }
            }
        }

        private static Component Find(GameObject go, string component, int index)
        {
            var matches = go.GetComponents<Component>().Where(c => c != null && (c.GetType().Name == component || c.GetType().FullName == component)).ToList();
            if (matches.Count == 0) throw new ToolException(ToolErrorCodes.NotFound, $"{go.name} has no {component}. It has: {string.Join(", ", go.GetComponents<Component>().Where(c => c != null).Select(c => c.GetType().Name))}.");
            if (index < 0 || index >= matches.Count) throw new ToolException(ToolErrorCodes.InvalidParams, $"{go.name} has {matches.Count} {component} component(s); index {index} is out of range.");
            return matches[index];
        }

        private static Type ComponentType(string name)
        {
            var matches = TypeCache.GetTypesDerivedFrom<Component>().Where(t => t.FullName == name || t.Name == name).ToList();
            if (matches.Count == 0) throw new ToolException(ToolErrorCodes.NotFound, $"No component type is named '{name}'. component_read list_types finds names.");
            if (matches.Count > 1 && matches.All(t => t.FullName != name)) throw new ToolException(ToolErrorCodes.InvalidParams, $"'{name}' is ambiguous: {string.Join(", ", matches.Select(t => t.FullName))}. Use the full name.");
            return matches.FirstOrDefault(t => t.FullName == name) ?? matches[0];
        }
    }
}
