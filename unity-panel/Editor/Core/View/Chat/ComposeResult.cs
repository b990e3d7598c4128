using System;
using System.Text.RegularExpressions;
using AgentPanel.Core.Store;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.View
{
    /// <summary>
    /// What the compose card shows for a successful compose_mml call (the agent sees it as mcp__&lt;server&gt;__compose_mml):
    /// the WAV's project path, its length, whether Unity imported it, and the note sequence for the piano roll.
    /// </summary>
    internal sealed class ComposeResult
    {
        public string WavPath { get; private set; }
        public double? DurationSec { get; private set; }
        /// <summary>The IR, or null when the tool's text left it out (a long song); the card then fetches it from the sidecar (ComposeNotesClient).</summary>
        public JObject NoteSequence { get; private set; }
        /// <summary>unity_import.status: imported, pending, failed, skipped (null when absent).</summary>
        public string UnityImport { get; private set; }

        /// <summary>True for compose_mml under any MCP server name, or called directly.</summary>
        public static bool IsComposeTool(string name) =>
            name == "compose_mml" || (name != null && name.StartsWith("mcp__", StringComparison.Ordinal) && name.EndsWith("__compose_mml", StringComparison.Ordinal) && name.Length > "mcp____compose_mml".Length);

        /// <summary>The card's facts from a tool card, or null when it is not a successful compose with a WAV.</summary>
        public static ComposeResult Of(ToolCard tool)
        {
            if (tool == null || tool.Status != ToolStatus.Succeeded || !IsComposeTool(tool.Name) || string.IsNullOrEmpty(tool.Result)) return null;
            return Parse(tool.Result);
        }

        /// <summary>Parse the tool's result text (one line of JSON, maybe followed by notes or cut by the length cap).</summary>
        public static ComposeResult Parse(string text)
        {
            var firstLine = text.Split('\n')[0];
            JObject r = null;
            try
            {
                r = JsonConvert.DeserializeObject<JToken>(firstLine, new JsonSerializerSettings { DateParseHandling = DateParseHandling.None }) as JObject;
            }
            catch (JsonException)
            {
                var path = Regex.Match(text, "\"wav_path\":\"((?:[^\"\\\\]|\\\\.)+)\"");
                if (!path.Success) return null;
                var seconds = Regex.Match(text, "\"duration_sec\":([0-9.]+)");
                r = new JObject { ["wav_path"] = JToken.Parse("\"" + path.Groups[1].Value + "\"") };
                if (seconds.Success) r["duration_sec"] = double.Parse(seconds.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture);
            }
            if (r == null || r["wav_path"]?.Type != JTokenType.String || (r["success"]?.Type == JTokenType.Boolean && !(bool)r["success"])) return null;
            var duration = r["duration_sec"];
            return new ComposeResult
            {
                WavPath = (string)r["wav_path"],
                DurationSec = duration != null && (duration.Type == JTokenType.Float || duration.Type == JTokenType.Integer) ? (double?)duration : null,
                NoteSequence = r["note_sequence"] is JObject seq && seq["channels"] is JObject ? seq : null,
                UnityImport = r["unity_import"]?["status"]?.Type == JTokenType.String ? (string)r["unity_import"]["status"] : null,
            };
        }

        /// <summary>True when the WAV is a project asset the Editor can load (under Assets/).</summary>
        public bool IsAsset => WavPath.StartsWith("Assets/", StringComparison.Ordinal);

        /// <summary>"1.50 s · Unity: imported" (the card's second line).</summary>
        public string Facts()
        {
            var parts = new System.Collections.Generic.List<string>();
            if (DurationSec.HasValue) parts.Add(DurationSec.Value.ToString("0.00", System.Globalization.CultureInfo.InvariantCulture) + " s");
            if (UnityImport != null) parts.Add("Unity: " + UnityImport);
            return string.Join(" · ", parts);
        }
    }
}
