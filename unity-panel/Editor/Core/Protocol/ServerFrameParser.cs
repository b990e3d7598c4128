using System;
using System.Collections.Generic;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Protocol
{
    /// <summary>Turns one text frame into a typed <see cref="ServerFrame"/>; unknown kinds and event types are kept, not rejected.</summary>
    internal static class ServerFrameParser
    {
        private static readonly Dictionary<string, Type> Kinds = new Dictionary<string, Type>
        {
            { ServerFrame.WelcomeKind, typeof(WelcomeFrame) },
            { ServerFrame.AckKind, typeof(AckFrame) },
            { ServerFrame.ErrorKind, typeof(ErrorFrame) },
            { ServerFrame.EventKind, typeof(EventFrame) },
            { ServerFrame.SnapshotKind, typeof(SnapshotFrame) },
            { ServerFrame.ChatsKind, typeof(ChatsFrame) },
            { ServerFrame.HistoryChangedKind, typeof(HistoryChangedFrame) },
            { ServerFrame.ToolInvokeKind, typeof(ToolInvokeFrame) },
            { ServerFrame.ToolCancelKind, typeof(ToolCancelFrame) },
        };

        /// <summary>Parse a frame; throws <see cref="AgentPanelException"/> (bad_frame) for JSON that is not a frame at all.</summary>
        public static ServerFrame Parse(string text)
        {
            return FromJObject(ProtocolJson.ParseObject(text));
        }

        /// <summary>The typed frame of an already parsed object.</summary>
        public static ServerFrame FromJObject(JObject obj)
        {
            var kind = ProtocolJson.StringField(obj, "kind");
            if (kind == null)
            {
                throw new AgentPanelException(ErrorCodes.BadFrame, "The sidecar sent a frame without \"kind\"; update the sidecar or the Agent Panel package so both match.");
            }
            if (!Kinds.TryGetValue(kind, out var concrete)) return new UnrecognizedFrame(kind, obj);
            try
            {
                var frame = (ServerFrame)obj.ToObject(concrete, ProtocolJson.Serializer);
                frame.Kind = kind;
                return frame;
            }
            catch (JsonException e)
            {
                throw new AgentPanelException(ErrorCodes.BadFrame, $"The sidecar sent a \"{kind}\" frame this package cannot read ({e.Message}); update the sidecar or the Agent Panel package so both match.", e);
            }
        }
    }
}
