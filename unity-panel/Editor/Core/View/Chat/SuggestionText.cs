using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.View
{
    /// <summary>The CLI's "always allow" suggestions (permission updates) in words, as the Always ▾ menu lists them; same wording as the browser panel.</summary>
    internal static class SuggestionText
    {
        /// <summary>E.g. "Always allow Bash(npm test:*) in this project (local settings)", "Switch to “Accept edits” mode for this session".</summary>
        public static string Describe(JObject suggestion)
        {
            if (suggestion == null) return "";
            var type = Str(suggestion["type"]) ?? "";
            var where = Destination(Str(suggestion["destination"]));
            switch (type)
            {
                case "addRules":
                case "replaceRules":
                    var rules = new List<string>();
                    if (suggestion["rules"] is JArray array)
                    {
                        foreach (var rule in array)
                        {
                            if (!(rule is JObject r)) continue;
                            var tool = Str(r["toolName"]) ?? "tool";
                            var content = Str(r["ruleContent"]);
                            rules.Add(string.IsNullOrEmpty(content) ? tool : tool + "(" + content + ")");
                        }
                    }
                    var behavior = Str(suggestion["behavior"]);
                    var verb = behavior == "deny" ? "Always deny" : behavior == "ask" ? "Always ask for" : "Always allow";
                    return verb + " " + (rules.Count == 0 ? "this tool" : string.Join(", ", rules)) + where;
                case "setMode":
                    return "Switch to “" + ModeLabel(Str(suggestion["mode"]) ?? "") + "” mode" + where;
                case "addDirectories":
                    var dirs = new List<string>();
                    if (suggestion["directories"] is JArray list)
                    {
                        foreach (var d in list)
                        {
                            var dir = Str(d);
                            if (!string.IsNullOrEmpty(dir)) dirs.Add(dir);
                        }
                    }
                    return "Allow access to " + (dirs.Count == 0 ? "the directory" : string.Join(", ", dirs)) + where;
                default:
                    return type + where;
            }
        }

        /// <summary>Human label of a permission mode.</summary>
        public static string ModeLabel(string mode)
        {
            switch (mode)
            {
                case "default": return "Ask before acting";
                case "acceptEdits": return "Accept edits";
                case "plan": return "Plan only";
                case "bypassPermissions": return "Bypass permissions";
                default: return mode;
            }
        }

        /// <summary>A string token's value, or null (a malformed suggestion must not break the permission bar).</summary>
        private static string Str(JToken token) => token != null && token.Type == JTokenType.String ? (string)token : null;

        private static string Destination(string d)
        {
            switch (d)
            {
                case null:
                case "":
                    return "";
                case "session": return " for this session";
                case "localSettings": return " in this project (local settings)";
                case "projectSettings": return " in this project (shared settings)";
                case "userSettings": return " in all projects";
                default: return " (" + d + ")";
            }
        }
    }
}
