using System;
using System.Collections.Generic;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Protocol
{
    /// <summary>Reads a PanelEvent by its `type` tag; unknown tags become <see cref="UnrecognizedEvent"/> instead of failing.</summary>
    internal sealed class PanelEventConverter : JsonConverter
    {
        private static readonly Dictionary<string, Type> Types = new Dictionary<string, Type>
        {
            { EventTypes.State, typeof(StateEvent) },
            { EventTypes.Init, typeof(InitEvent) },
            { EventTypes.UserMessage, typeof(UserMessageEvent) },
            { EventTypes.TurnStarted, typeof(TurnStartedEvent) },
            { EventTypes.MessageStart, typeof(MessageStartEvent) },
            { EventTypes.MessageDelta, typeof(MessageDeltaEvent) },
            { EventTypes.MessageFinal, typeof(MessageFinalEvent) },
            { EventTypes.ToolStarted, typeof(ToolStartedEvent) },
            { EventTypes.ToolFinished, typeof(ToolFinishedEvent) },
            { EventTypes.PermissionRequested, typeof(PermissionRequestedEvent) },
            { EventTypes.PermissionResolved, typeof(PermissionResolvedEvent) },
            { EventTypes.Subagent, typeof(SubagentEvent) },
            { EventTypes.TurnResult, typeof(TurnResultEvent) },
            { EventTypes.Notice, typeof(NoticeEvent) },
            { EventTypes.Unknown, typeof(UnknownEngineEvent) },
            { EventTypes.TurnFileWrite, typeof(TurnFileWriteEvent) },
            { EventTypes.TurnFiles, typeof(TurnFilesEvent) },
            { EventTypes.FilesReverted, typeof(FilesRevertedEvent) },
        };

        /// <summary>The event types this client understands.</summary>
        public static IEnumerable<string> KnownTypes => Types.Keys;

        public override bool CanConvert(Type objectType)
        {
            return objectType == typeof(PanelEvent);
        }

        public override object ReadJson(JsonReader reader, Type objectType, object existingValue, JsonSerializer serializer)
        {
            if (reader.TokenType == JsonToken.Null) return null;
            var obj = JObject.Load(reader);
            return FromJObject(obj, serializer);
        }

        public override void WriteJson(JsonWriter writer, object value, JsonSerializer serializer)
        {
            if (value is UnrecognizedEvent unrecognized)
            {
                unrecognized.Json.WriteTo(writer);
                return;
            }
            serializer.Serialize(writer, value);
        }

        /// <summary>The typed event for one JSON object (a shape error inside a known type is reported as bad_frame).</summary>
        public static PanelEvent FromJObject(JObject obj, JsonSerializer serializer)
        {
            var type = ProtocolJson.StringField(obj, "type") ?? "";
            if (!Types.TryGetValue(type, out var concrete)) return new UnrecognizedEvent(type, obj);
            try
            {
                var result = (PanelEvent)obj.ToObject(concrete, serializer);
                result.Type = type;
                return result;
            }
            catch (JsonException e)
            {
                throw new AgentPanelException(ErrorCodes.BadFrame, $"The sidecar sent a \"{type}\" event this package cannot read ({e.Message}); update the sidecar or the Agent Panel package so both match.", e);
            }
        }
    }
}
