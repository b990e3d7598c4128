using System.Collections.Generic;
using AgentPanel.Core.View;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.UI
{
    /// <summary>Turns selected or dropped Unity objects into <see cref="SelectedItem"/>s (scene GameObjects with hierarchy path and components; assets with path and type).</summary>
    internal static class UnityObjectDescriber
    {
        public static List<SelectedItem> Describe(IEnumerable<Object> objects)
        {
            var items = new List<SelectedItem>();
            foreach (var obj in objects)
            {
                if (obj == null) continue;
                var assetPath = AssetDatabase.GetAssetPath(obj);
                if (!string.IsNullOrEmpty(assetPath)) items.Add(new SelectedItem { Kind = "Asset", Name = obj.name, Path = assetPath, Type = obj is GameObject ? "Prefab" : obj.GetType().Name });
                else if (obj is GameObject go) items.Add(SceneObject(go));
                else items.Add(new SelectedItem { Kind = "Object", Name = obj.name, Type = obj.GetType().Name });
            }
            return items;
        }

        private static SelectedItem SceneObject(GameObject go)
        {
            var item = new SelectedItem { Kind = "GameObject", Name = go.name, Path = HierarchyPath(go.transform), Children = go.transform.childCount };
            foreach (var component in go.GetComponents<Component>())
            {
                // A missing script shows up as a null component.
                item.Components.Add(component == null ? "(missing script)" : component.GetType().Name);
            }
            return item;
        }

        private static string HierarchyPath(Transform t)
        {
            var path = t.name;
            for (var p = t.parent; p != null; p = p.parent) path = p.name + "/" + path;
            return path;
        }
    }
}
