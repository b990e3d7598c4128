using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Store
{
    /// <summary>
    /// What survives a domain reload: per followed chat its last seq and compacted events, as one JSON string for SessionState.
    /// After the reload the window redraws from it at once and resubscribes after the saved seq (replay, not a full snapshot).
    /// The text is bounded: chats whose events no longer fit are saved by id alone (seq 0), so after the reload they start
    /// empty and the sidecar sends them whole (a snapshot) instead of SessionState holding every chat's history.
    /// </summary>
    internal static class ChatMemory
    {
        private const int FormatVersion = 1;

        /// <summary>Most characters of saved events, all chats together (SessionState is written on every domain reload).</summary>
        public const int DefaultMaxChars = 1000000;

        /// <summary>Save the chats (their last seq and state), in order, while their events fit in <paramref name="maxChars"/>.</summary>
        public static string Save(IEnumerable<ChatModel> chats, int maxChars = DefaultMaxChars)
        {
            var list = new JArray();
            var budget = (long)maxChars;
            foreach (var chat in chats)
            {
                var events = JArray.FromObject(chat.ExportEvents(), ProtocolJson.Serializer);
                var size = events.ToString(Newtonsoft.Json.Formatting.None).Length;
                if (size > budget)
                {
                    // Too big to keep: remembered by id only; after the reload the sidecar sends it whole.
                    list.Add(new JObject { ["chatId"] = chat.ChatId, ["seq"] = 0, ["events"] = new JArray() });
                    continue;
                }
                budget -= size;
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
