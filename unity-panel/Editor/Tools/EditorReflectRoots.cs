using System;
using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Tools
{
    /// <summary>The Unity starts of a reflection path (@scene, @id, @selection, @sceneview) and its engine steps (a GameObject's component by type name).</summary>
    internal sealed class EditorReflectRoots : IReflectRoots
    {
        public object Scene(IReadOnlyList<ReflectSegment> segments, out int used)
        {
            used = 0;
            GameObject current = null;
            foreach (var segment in segments)
            {
                var next = current == null ? SceneObjects.Root(segment.Text) : SceneObjects.Child(current.transform, segment.Text);
                if (next == null) break;
                current = next;
                used++;
            }
            if (current == null) throw new ReflectPathException("@scene:/" + string.Join("/", segments.Select(s => s.Text)), "no GameObject at the start of this hierarchy path in the open scenes");
            return current;
        }

        public object Id(int instanceId)
        {
            var obj = EditorUtility.InstanceIDToObject(instanceId);
            if (obj == null) throw new ReflectPathException("@id:" + instanceId, "no object has this instance id (it may have been destroyed, or the id is from before a reload)");
            return obj;
        }

        public object Selection()
        {
            var selected = (Object)UnityEditor.Selection.activeGameObject ?? UnityEditor.Selection.activeObject;
            if (selected == null) throw new ReflectPathException("@selection", "nothing is selected in the Editor");
            return selected;
        }

        public object SceneView(string part)
        {
            var view = UnityEditor.SceneView.lastActiveSceneView;
            if (view == null) throw new ReflectPathException("@sceneview:" + part, "no Scene view is open");
            switch (part)
            {
                case "camera": return view.camera;
                case "view": return view;
                case "pivot": return view.pivot;
                case "rotation": return view.rotation;
                default: throw new ReflectPathException("@sceneview:" + part, "use @sceneview:camera, :view, :pivot or :rotation");
            }
        }

        public bool TryStep(object current, ReflectSegment segment, out object next)
        {
            next = null;
            if (!(current is GameObject go) || segment.Name.Length == 0 || segment.Indexes.Count > 0) return false;
            // A member of GameObject wins over a component of the same name (transform, layer, tag…).
            if (typeof(GameObject).GetProperty(segment.Name) != null || typeof(GameObject).GetField(segment.Name) != null) return false;
            var component = go.GetComponents<Component>().FirstOrDefault(c => c != null && (c.GetType().Name == segment.Name || c.GetType().FullName == segment.Name));
            if (component == null) return false;
            next = component;
            return true;
        }

        public JToken Reference(object value) => value is Object obj ? UnityObjectConverter.Reference(obj) : null;
    }
}
