using System.Collections.Generic;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.View
{
    /// <summary>The window's views.</summary>
    internal enum PanelView
    {
        Chat,
        History,
        Settings,
    }

    /// <summary>One attached context chip: a label and the text it adds to the prompt.</summary>
    internal sealed class ContextChip
    {
        public ContextChip(string label, string text)
        {
            Label = label ?? "";
            Text = text ?? "";
        }

        public string Label { get; }
        public string Text { get; }

        /// <summary>The attachment sent with the prompt.</summary>
        public Protocol.ContextAttachment ToAttachment() => Protocol.ContextAttachment.FromText(Label, Text);
    }

    /// <summary>
    /// The window's own state that must survive a domain reload (the chats themselves are saved by SessionMemory): selected chat,
    /// view, drafts, scroll offsets and attached chips, as one string for SessionState. Reading never throws: damaged text gives defaults.
    /// </summary>
    internal sealed class WindowMemory
    {
        private const int FormatVersion = 1;

        public string SelectedChatId { get; set; }
        public PanelView View { get; set; } = PanelView.Chat;
        public Dictionary<string, string> Drafts { get; } = new Dictionary<string, string>();
        public Dictionary<string, float> ScrollOffsets { get; } = new Dictionary<string, float>();
        public List<ContextChip> Chips { get; } = new List<ContextChip>();

        /// <summary>The state as one JSON string.</summary>
        public string Save()
        {
            var drafts = new JObject();
            foreach (var pair in Drafts) drafts[pair.Key] = pair.Value;
            var scroll = new JObject();
            foreach (var pair in ScrollOffsets) scroll[pair.Key] = pair.Value;
            var chips = new JArray();
            foreach (var chip in Chips) chips.Add(new JObject { ["label"] = chip.Label, ["text"] = chip.Text });
            var root = new JObject
            {
                ["version"] = FormatVersion,
                ["selected"] = SelectedChatId,
                ["view"] = View.ToString(),
                ["drafts"] = drafts,
                ["scroll"] = scroll,
                ["chips"] = chips,
            };
            return root.ToString(Formatting.None);
        }

        /// <summary>The state saved by <see cref="Save"/>; defaults for missing, damaged or other-version text (and for each bad field).</summary>
        public static WindowMemory Restore(string saved)
        {
            var memory = new WindowMemory();
            if (string.IsNullOrWhiteSpace(saved)) return memory;
            JObject root;
            try
            {
                root = JToken.Parse(saved) as JObject;
            }
            catch (JsonException)
            {
                return memory;
            }
            if (root == null || Int(root["version"]) != FormatVersion) return memory;
            memory.SelectedChatId = Str(root["selected"]);
            if (System.Enum.TryParse(Str(root["view"]) ?? "", out PanelView view) && System.Enum.IsDefined(typeof(PanelView), view)) memory.View = view;
            if (root["drafts"] is JObject drafts)
            {
                foreach (var p in drafts.Properties())
                {
                    var text = Str(p.Value);
                    if (!string.IsNullOrEmpty(text)) memory.Drafts[p.Name] = text;
                }
            }
            if (root["scroll"] is JObject scroll)
            {
                foreach (var p in scroll.Properties())
                {
                    if ((p.Value.Type == JTokenType.Float || p.Value.Type == JTokenType.Integer) && (float)p.Value >= 0) memory.ScrollOffsets[p.Name] = (float)p.Value;
                }
            }
            if (root["chips"] is JArray chips)
            {
                foreach (var c in chips)
                {
                    if (c is JObject o && Str(o["label"]) != null && Str(o["text"]) != null) memory.Chips.Add(new ContextChip(Str(o["label"]), Str(o["text"])));
                }
            }
            return memory;
        }

        private static string Str(JToken token) => token != null && token.Type == JTokenType.String ? (string)token : null;

        private static int Int(JToken token) => token != null && token.Type == JTokenType.Integer ? (int)token : -1;
    }
}
