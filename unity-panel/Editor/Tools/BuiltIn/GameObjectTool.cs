using System;
using AgentPanel.Core.Tools;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Tools.BuiltIn
{
    /// <summary>Changing GameObjects: create (empty, primitive, prefab instance), delete, rename, reparent, activate, move. Every action is one Undo step.</summary>
    internal static class GameObjectTool
    {
        public enum GameObjectAction
        {
            create,
            delete,
            rename,
            reparent,
            set_active,
            transform,
        }

        public enum Primitive
        {
            none,
            cube,
            sphere,
            capsule,
            cylinder,
            plane,
            quad,
        }

        /// <summary>A position, rotation (Euler degrees) or scale.</summary>
        public class Vec
        {
            public float x { get; set; }
            public float y { get; set; }
            public float z { get; set; }

            public Vector3 ToVector() => new Vector3(x, y, z);
        }

        [AgentTool(Name = "gameobject", Group = "scene", UndoGroup = "Agent: gameobject",
            Description = "Change GameObjects in the open scene; each call is one Undo step. create: new empty object, primitive, or instance of prefab (asset path); delete; rename to new_name; reparent under parent (empty = scene root); set_active; transform: set position/rotation (Euler)/scale (local unless world=true). Target objects by hierarchy path, #instanceId or name.",
            Examples = new[] { "{\"action\":\"create\",\"name\":\"Enemy\",\"primitive\":\"cube\",\"position\":{\"x\":0,\"y\":1,\"z\":0}}", "{\"action\":\"rename\",\"target\":\"/Enemy\",\"new_name\":\"Boss\"}" })]
        public static object GameObject_(
            [ToolParameter("what to do")] GameObjectAction action,
            [ToolParameter("the object to change: hierarchy path, #instanceId or name (not for create)")] string target = "",
            [ToolParameter("create: name of the new object")] string name = "",
            [ToolParameter("create: a primitive shape")] Primitive primitive = Primitive.none,
            [ToolParameter("create: asset path of a prefab to instantiate, e.g. Assets/Prefabs/Enemy.prefab")] string prefab = "",
            [ToolParameter("create/reparent: parent object (path, #id or name); empty = scene root")] string parent = "",
            [ToolParameter("rename: the new name")] string newName = "",
            [ToolParameter("set_active: active or not")] bool active = true,
            [ToolParameter("create/transform: position")] Vec position = null,
            [ToolParameter("create/transform: rotation in Euler degrees")] Vec rotation = null,
            [ToolParameter("create/transform: scale")] Vec scale = null,
            [ToolParameter("transform/reparent: world space instead of local")] bool world = false)
        {
            if (action == GameObjectAction.create) return Create(name, primitive, prefab, parent, position, rotation, scale, world);
            var go = SceneObjects.Require(target);
            switch (action)
            {
                case GameObjectAction.delete:
                {
                    var path = SceneObjects.PathOf(go);
                    Undo.DestroyObjectImmediate(go);
                    return new SuccessResponse($"Deleted {path} (Undo restores it).");
                }
                case GameObjectAction.rename:
                    if (string.IsNullOrEmpty(newName)) throw new ToolException(ToolErrorCodes.InvalidParams, "rename needs new_name.");
                    Undo.RecordObject(go, "Rename");
                    go.name = newName;
                    break;
                case GameObjectAction.reparent:
                {
                    var newParent = string.IsNullOrEmpty(parent) ? null : SceneObjects.Require(parent).transform;
                    if (newParent != null && newParent.IsChildOf(go.transform)) throw new ToolException(ToolErrorCodes.InvalidParams, "An object cannot become a child of itself or of its own child.");
                    // world=true keeps the world pose; otherwise the local position/rotation/scale are kept under the new parent.
                    Undo.SetTransformParent(go.transform, newParent, world, "Reparent");
                    break;
                }
                case GameObjectAction.set_active:
                    Undo.RecordObject(go, "Set Active");
                    go.SetActive(active);
                    break;
                default:
                    Undo.RecordObject(go.transform, "Transform");
                    Apply(go.transform, position, rotation, scale, world);
                    break;
            }
            EditorUtility.SetDirty(go);
            return new SuccessResponse($"{action} done on {SceneObjects.PathOf(go)}", Summary(go));
        }

        private static object Create(string name, Primitive primitive, string prefab, string parent, Vec position, Vec rotation, Vec scale, bool world)
        {
            GameObject go;
            if (!string.IsNullOrEmpty(prefab))
            {
                var asset = AssetDatabase.LoadAssetAtPath<GameObject>(prefab);
                if (asset == null) throw new ToolException(ToolErrorCodes.NotFound, $"No prefab at '{prefab}'. Use an asset path under Assets/ (the asset_read tool's find action lists prefabs with filter \"t:Prefab\").");
                go = (GameObject)PrefabUtility.InstantiatePrefab(asset);
            }
            else if (primitive != Primitive.none)
            {
                go = GameObject.CreatePrimitive((PrimitiveType)Enum.Parse(typeof(PrimitiveType), primitive.ToString(), true));
            }
            else
            {
                go = new GameObject();
            }
            if (!string.IsNullOrEmpty(name)) go.name = name;
            else if (primitive == Primitive.none && string.IsNullOrEmpty(prefab)) go.name = "GameObject";
            Undo.RegisterCreatedObjectUndo(go, "Create " + go.name);
            if (!string.IsNullOrEmpty(parent)) go.transform.SetParent(SceneObjects.Require(parent).transform, false);
            Apply(go.transform, position, rotation, scale, world);
            Selection.activeGameObject = go;
            return new SuccessResponse($"Created {SceneObjects.PathOf(go)}", Summary(go));
        }

        private static void Apply(Transform t, Vec position, Vec rotation, Vec scale, bool world)
        {
            if (position != null)
            {
                if (world) t.position = position.ToVector();
                else t.localPosition = position.ToVector();
            }
            if (rotation != null)
            {
                if (world) t.rotation = Quaternion.Euler(rotation.ToVector());
                else t.localRotation = Quaternion.Euler(rotation.ToVector());
            }
            if (scale != null) t.localScale = scale.ToVector();
        }

        private static object Summary(GameObject go) => new
        {
            path = SceneObjects.PathOf(go),
            instance_id = go.GetInstanceID(),
            active = go.activeSelf,
            position = go.transform.localPosition,
            rotation = go.transform.localEulerAngles,
            scale = go.transform.localScale,
        };
    }
}
