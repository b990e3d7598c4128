using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Store
{
    /// <summary>
    /// What survives a domain reload: per followed chat its last seq and compacted events, as one JSON string for SessionState.
    /// After the reload the window redraws from it at once and resubscribes after the saved seq (replay, not a full snapshot).
    /// </summary>
    internal static class ChatMemory
    {
        private const int FormatVersion = 1;

        /// <summary>Save the chats (their last seq and state).</summary>
        public static string Save(IEnumerable<ChatModel> chats)
        {
            var list = new JArray();
            foreach (var chat in chats)
            {
                var events = JArray.FromObject(chat.ExportEvents(), ProtocolJson.Serializer);
                list.Add(new JObject { ["chatId"] = chat.ChatId, ["seq"] = chat.LastSeq, ["events"] = events });
            }
            return new JObject { ["version"] = FormatVersion, ["chats"] = list }.ToString(Newtonsoft.Json.Formatting.None);
        }

        /// <summary>The chats saved by <see cref="Save"/>; empty when the text is missing, from another format version, or damaged.</summary>
        public static List<ChatModel> Restore(string saved)
        {
            var chats = new List<ChatModel>();
            if (string.IsNullOrEmpty(saved)) return chats;
            try
            {
                var root = ProtocolJson.ParseObject(saved);
                if ((int?)root["version"] != FormatVersion || !(root["chats"] is JArray list)) return chats;
                foreach (var item in list)
                {
                    if (!(item is JObject entry)) continue;
                    var chatId = ProtocolJson.StringField(entry, "chatId");
                    if (chatId == null || !(entry["events"] is JArray events)) continue;
                    var chat = new ChatModel(chatId);
                    chat.ApplySnapshot((long?)entry["seq"] ?? 0, events.ToObject<List<PanelEvent>>(ProtocolJson.Serializer));
                    chats.Add(chat);
                }
            }
            catch (AgentPanelException)
            {
                chats.Clear();
            }
            catch (System.Exception e) when (e is Newtonsoft.Json.JsonException || e is System.FormatException || e is System.InvalidCastException || e is System.ArgumentException)
            {
                chats.Clear();
            }
            return chats;
        }
    }
}
