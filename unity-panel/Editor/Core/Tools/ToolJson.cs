using System;
using System.Collections.Generic;
using Newtonsoft.Json;
using Newtonsoft.Json.Converters;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>The one serializer for tool results and defaults: enums by name, vector shapes as their components, no loops.</summary>
    internal static class ToolJson
    {
        private static readonly object Gate = new object();
        private static readonly List<JsonConverter> Extra = new List<JsonConverter>();
        private static JsonSerializer serializer = Build();

        /// <summary>The shared serializer (rebuilt when converters are added).</summary>
        public static JsonSerializer Serializer
        {
            get
            {
                lock (Gate) return serializer;
            }
        }

        /// <summary>Let the Editor add converters for engine types (e.g. Unity object references as name + id).</summary>
        public static void AddConverter(JsonConverter converter)
        {
            lock (Gate)
            {
                Extra.Add(converter);
                serializer = Build();
            }
        }

        private static JsonSerializer Build()
        {
            var settings = new JsonSerializerSettings
            {
                ReferenceLoopHandling = ReferenceLoopHandling.Ignore,
                MaxDepth = 32,
                Culture = System.Globalization.CultureInfo.InvariantCulture,
            };
            settings.Converters.Add(new StringEnumConverter());
            settings.Converters.Add(new VectorShapeConverter());
            foreach (var c in Extra) settings.Converters.Add(c);
            return JsonSerializer.Create(settings);
        }

        /// <summary>Writes Vector/Quaternion/Color-shaped values as their components only (not magnitude, normalized…).</summary>
        private sealed class VectorShapeConverter : JsonConverter
        {
            public override bool CanRead => false;

            public override bool CanConvert(Type objectType) => ToolTypes.IsVectorShape(objectType);

            public override void WriteJson(JsonWriter writer, object value, JsonSerializer serializer)
            {
                var info = ToolTypes.Describe(value.GetType());
                var obj = new JObject();
                foreach (var m in info.Members) obj[m.JsonName] = JToken.FromObject(m.Get(value));
                obj.WriteTo(writer);
            }

            public override object ReadJson(JsonReader reader, Type objectType, object existingValue, JsonSerializer serializer) => throw new NotSupportedException();
        }
    }
}
