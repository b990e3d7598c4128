using System.Collections.Generic;
using System.IO;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using Newtonsoft.Json.Serialization;

namespace AgentPanel.Core.Protocol
{
    /// <summary>The one JSON configuration of the panel protocol: camelCase names, unknown fields ignored, strings kept as strings.</summary>
    internal static class ProtocolJson
    {
        /// <summary>Panel protocol version this client speaks (see docs/protocol.md).</summary>
        public const int ProtocolVersion = 1;

        /// <summary>Settings shared by reading and writing.</summary>
        public static readonly JsonSerializerSettings Settings = CreateSettings();

        /// <summary>A serializer with <see cref="Settings"/>.</summary>
        public static readonly JsonSerializer Serializer = JsonSerializer.Create(Settings);

        /// <summary>Parse one text frame into a JObject; throws <see cref="AgentPanelException"/> (bad_frame) when it is not a JSON object.</summary>
        public static JObject ParseObject(string text)
        {
            try
            {
                using (var reader = new JsonTextReader(new StringReader(text)))
                {
                    reader.DateParseHandling = DateParseHandling.None;
                    reader.FloatParseHandling = FloatParseHandling.Double;
                    var token = JToken.ReadFrom(reader);
                    if (token is JObject obj) return obj;
                }
            }
            catch (JsonException e)
            {
                throw new AgentPanelException(ErrorCodes.BadFrame, "The sidecar sent a frame that is not valid JSON; update the sidecar or the Agent Panel package so both match.", e);
            }
            throw new AgentPanelException(ErrorCodes.BadFrame, "The sidecar sent a frame that is not a JSON object; update the sidecar or the Agent Panel package so both match.");
        }

        /// <summary>Serialize a DTO to a compact JSON string.</summary>
        public static string Serialize(object value)
        {
            return JsonConvert.SerializeObject(value, Formatting.None, Settings);
        }

        /// <summary>Read a DTO from a token with the protocol settings.</summary>
        public static T ToObject<T>(JToken token)
        {
            return token.ToObject<T>(Serializer);
        }

        /// <summary>A string field of an object, or null when missing or not a string.</summary>
        public static string StringField(JObject obj, string name)
        {
            var token = obj[name];
            return token != null && token.Type == JTokenType.String ? (string)token : null;
        }

        private static JsonSerializerSettings CreateSettings()
        {
            return new JsonSerializerSettings
            {
                ContractResolver = new DefaultContractResolver
                {
                    NamingStrategy = new CamelCaseNamingStrategy { ProcessDictionaryKeys = false, OverrideSpecifiedNames = false },
                },
                MissingMemberHandling = MissingMemberHandling.Ignore,
                ObjectCreationHandling = ObjectCreationHandling.Replace,
                NullValueHandling = NullValueHandling.Ignore,
                DateParseHandling = DateParseHandling.None,
                FloatParseHandling = FloatParseHandling.Double,
                Converters = new List<JsonConverter> { new PanelEventConverter() },
            };
        }
    }
}
