using System;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using UnityEditor;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Tools
{
    /// <summary>Writes Unity object references in tool results as {name, type, instanceId, path?} instead of walking the engine object.</summary>
    internal sealed class UnityObjectConverter : JsonConverter
    {
        public override bool CanRead => false;

        public override bool CanConvert(Type objectType) => typeof(Object).IsAssignableFrom(objectType);

        public override void WriteJson(JsonWriter writer, object value, JsonSerializer serializer) => Reference(value as Object).WriteTo(writer);

        public override object ReadJson(JsonReader reader, Type objectType, object existingValue, JsonSerializer serializer) => throw new NotSupportedException();

        /// <summary>The short reference of an object (null for a destroyed or missing one).</summary>
        public static JToken Reference(Object obj)
        {
            // Unity's == sees destroyed objects as null.
            if (obj == null) return JValue.CreateNull();
            var json = new JObject { ["name"] = obj.name, ["type"] = obj.GetType().Name, ["instanceId"] = obj.GetInstanceID() };
            var asset = AssetDatabase.GetAssetPath(obj);
            if (!string.IsNullOrEmpty(asset)) json["assetPath"] = asset;
            return json;
        }
    }
}
