using System;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Tools.BuiltIn
{
    /// <summary>Reads and writes any SerializedProperty as JSON, so every serialized field of any component (ours or a third party's) is reachable.</summary>
    internal static class SerializedValues
    {
        /// <summary>The property's value as JSON (arrays and nested structs up to <paramref name="depth"/> levels).</summary>
        public static JToken Read(SerializedProperty p, int depth = 2)
        {
            switch (p.propertyType)
            {
                case SerializedPropertyType.Integer: return p.longValue;
                case SerializedPropertyType.Boolean: return p.boolValue;
                case SerializedPropertyType.Float: return p.doubleValue;
                case SerializedPropertyType.String: return p.stringValue;
                case SerializedPropertyType.Color: return Vec(p.colorValue.r, p.colorValue.g, p.colorValue.b, p.colorValue.a, "r", "g", "b", "a");
                case SerializedPropertyType.ObjectReference: return UnityObjectConverter.Reference(p.objectReferenceValue);
                case SerializedPropertyType.LayerMask: return p.intValue;
                case SerializedPropertyType.Enum: return p.enumValueIndex >= 0 && p.enumValueIndex < p.enumNames.Length ? p.enumNames[p.enumValueIndex] : (JToken)p.intValue;
                case SerializedPropertyType.Vector2: return Vec(p.vector2Value.x, p.vector2Value.y);
                case SerializedPropertyType.Vector3: return Vec(p.vector3Value.x, p.vector3Value.y, p.vector3Value.z);
                case SerializedPropertyType.Vector4: return Vec(p.vector4Value.x, p.vector4Value.y, p.vector4Value.z, p.vector4Value.w);
                case SerializedPropertyType.Quaternion: return Vec(p.quaternionValue.x, p.quaternionValue.y, p.quaternionValue.z, p.quaternionValue.w);
                case SerializedPropertyType.Vector2Int: return Vec(p.vector2IntValue.x, p.vector2IntValue.y);
                case SerializedPropertyType.Vector3Int: return Vec(p.vector3IntValue.x, p.vector3IntValue.y, p.vector3IntValue.z);
                case SerializedPropertyType.Rect: return new JObject { ["x"] = p.rectValue.x, ["y"] = p.rectValue.y, ["width"] = p.rectValue.width, ["height"] = p.rectValue.height };
                case SerializedPropertyType.Bounds: return new JObject { ["center"] = Vec(p.boundsValue.center.x, p.boundsValue.center.y, p.boundsValue.center.z), ["size"] = Vec(p.boundsValue.size.x, p.boundsValue.size.y, p.boundsValue.size.z) };
                case SerializedPropertyType.ArraySize: return p.intValue;
                case SerializedPropertyType.Character: return ((char)p.intValue).ToString();
            }
            if (p.isArray && p.propertyType == SerializedPropertyType.Generic)
            {
                var array = new JArray();
                if (depth <= 0) return new JObject { ["array_size"] = p.arraySize };
                for (var i = 0; i < Math.Min(p.arraySize, 100); i++) array.Add(Read(p.GetArrayElementAtIndex(i), depth - 1));
                return array;
            }
            if (p.hasVisibleChildren && depth > 0)
            {
                var obj = new JObject();
                var child = p.Copy();
                var end = p.GetEndProperty();
                if (child.NextVisible(true))
                {
                    while (!SerializedProperty.EqualContents(child, end))
                    {
                        obj[child.name] = Read(child, depth - 1);
                        if (!child.NextVisible(false)) break;
                    }
                }
                return obj;
            }
            return new JValue($"({p.propertyType})");
        }

        /// <summary>Write JSON into the property; a value of the wrong shape is an invalid_params error naming the property path.</summary>
        public static void Write(SerializedProperty p, JToken value)
        {
            try
            {
                switch (p.propertyType)
                {
                    case SerializedPropertyType.Integer:
                    case SerializedPropertyType.LayerMask:
                        p.longValue = value.Value<long>();
                        return;
                    case SerializedPropertyType.Boolean:
                        p.boolValue = value.Value<bool>();
                        return;
                    case SerializedPropertyType.Float:
                        p.doubleValue = value.Value<double>();
                        return;
                    case SerializedPropertyType.String:
                        p.stringValue = value.Value<string>();
                        return;
                    case SerializedPropertyType.Enum:
                        var index = value.Type == JTokenType.String ? Array.FindIndex(p.enumNames, n => string.Equals(n, (string)value, StringComparison.OrdinalIgnoreCase)) : value.Value<int>();
                        if (index < 0 || index >= p.enumNames.Length) throw new ToolException(ToolErrorCodes.InvalidParams, $"'{p.propertyPath}' must be one of: {string.Join(", ", p.enumNames)}.");
                        p.enumValueIndex = index;
                        return;
                    case SerializedPropertyType.Color:
                        p.colorValue = new Color(F(value, "r"), F(value, "g"), F(value, "b"), value["a"] == null ? 1f : F(value, "a"));
                        return;
                    case SerializedPropertyType.Vector2:
                        p.vector2Value = new Vector2(F(value, "x"), F(value, "y"));
                        return;
                    case SerializedPropertyType.Vector3:
                        p.vector3Value = new Vector3(F(value, "x"), F(value, "y"), F(value, "z"));
                        return;
                    case SerializedPropertyType.Vector4:
                        p.vector4Value = new Vector4(F(value, "x"), F(value, "y"), F(value, "z"), F(value, "w"));
                        return;
                    case SerializedPropertyType.Quaternion:
                        p.quaternionValue = value["w"] == null ? Quaternion.Euler(F(value, "x"), F(value, "y"), F(value, "z")) : new Quaternion(F(value, "x"), F(value, "y"), F(value, "z"), F(value, "w"));
                        return;
                    case SerializedPropertyType.Vector2Int:
                        p.vector2IntValue = new Vector2Int((int)F(value, "x"), (int)F(value, "y"));
                        return;
                    case SerializedPropertyType.Vector3Int:
                        p.vector3IntValue = new Vector3Int((int)F(value, "x"), (int)F(value, "y"), (int)F(value, "z"));
                        return;
                    case SerializedPropertyType.ObjectReference:
                        p.objectReferenceValue = ObjectFrom(value, p.propertyPath);
                        return;
                }
                if (p.isArray && value is JArray items)
                {
                    p.arraySize = items.Count;
                    for (var i = 0; i < items.Count; i++) Write(p.GetArrayElementAtIndex(i), items[i]);
                    return;
                }
                if (value is JObject obj && p.hasChildren)
                {
                    foreach (var field in obj.Properties())
                    {
                        var child = p.FindPropertyRelative(field.Name) ?? throw new ToolException(ToolErrorCodes.InvalidParams, $"'{p.propertyPath}' has no field '{field.Name}'.");
                        Write(child, field.Value);
                    }
                    return;
                }
            }
            catch (Exception e) when (e is FormatException || e is InvalidCastException || e is ArgumentException || e is OverflowException)
            {
                throw new ToolException(ToolErrorCodes.InvalidParams, $"'{p.propertyPath}' ({p.propertyType}) cannot take {value.ToString(Newtonsoft.Json.Formatting.None)}: {e.Message}");
            }
            throw new ToolException(ToolErrorCodes.InvalidParams, $"'{p.propertyPath}' is a {p.propertyType} property, which cannot be set from {value.Type}.");
        }

        private static Object ObjectFrom(JToken value, string path)
        {
            if (value.Type == JTokenType.Null) return null;
            if (value.Type == JTokenType.Integer) return EditorUtility.InstanceIDToObject(value.Value<int>()) ?? throw new ToolException(ToolErrorCodes.NotFound, $"'{path}': no object has instance id {value}.");
            var text = value.Type == JTokenType.Object ? (string)value["assetPath"] ?? (string)value["path"] : (string)value;
            if (string.IsNullOrEmpty(text)) throw new ToolException(ToolErrorCodes.InvalidParams, $"'{path}' takes an asset path, a scene path or an instance id.");
            if (text.StartsWith("Assets/") || text.StartsWith("Packages/")) return AssetDatabase.LoadMainAssetAtPath(text) ?? throw new ToolException(ToolErrorCodes.NotFound, $"'{path}': no asset at {text}.");
            return SceneObjects.Require(text);
        }

        private static float F(JToken value, string key)
        {
            var token = value[key] ?? throw new ToolException(ToolErrorCodes.InvalidParams, $"missing '{key}' in {value.ToString(Newtonsoft.Json.Formatting.None)}");
            return token.Value<float>();
        }

        private static JObject Vec(float a, float b, string n1 = "x", string n2 = "y") => new JObject { [n1] = a, [n2] = b };

        private static JObject Vec(float a, float b, float c) => new JObject { ["x"] = a, ["y"] = b, ["z"] = c };

        private static JObject Vec(float a, float b, float c, float d, string n1 = "x", string n2 = "y", string n3 = "z", string n4 = "w") => new JObject { [n1] = a, [n2] = b, [n3] = c, [n4] = d };
    }
}
