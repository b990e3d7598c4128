using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Launch
{
    /// <summary>
    /// What the Settings section "Connect an MCP client" shows: the sidecar's own `agent-panel mcp-config --client C --project P --json`
    /// (the same text the command line prints: a `claude mcp add` command or the JSON for Claude Desktop and Cursor, pointing at the
    /// stable copy of the bundle, never at Library/PackageCache/…@hash), so the two can never disagree.
    /// </summary>
    internal sealed class McpClientConfig
    {
        /// <summary>The clients, as the command's --client names them.</summary>
        public static readonly IReadOnlyList<string> Clients = new[] { "claude-code", "claude-desktop", "cursor" };

        /// <summary>The same clients in words, for the picker.</summary>
        public static readonly IReadOnlyList<string> Labels = new[] { "Claude Code", "Claude Desktop", "Cursor" };

        private McpClientConfig(string text, IReadOnlyList<string> notes)
        {
            Text = text;
            Notes = notes;
        }

        /// <summary>What to paste (a shell snippet, or JSON).</summary>
        public string Text { get; }

        /// <summary>Where it goes and what else to know, one line each.</summary>
        public IReadOnlyList<string> Notes { get; }

        /// <summary>The sidecar's arguments for one client (node runs them).</summary>
        public static List<string> Arguments(string sidecarScript, string client, string projectRoot)
        {
            if (!((IList<string>)Clients).Contains(client)) throw new ArgumentException($"Unknown MCP client \"{client}\"; one of {string.Join(", ", Clients)}.", nameof(client));
            return new List<string> { sidecarScript, "mcp-config", "--client", client, "--project", projectRoot, "--json" };
        }

        /// <summary>The command's --json output, or null when it is not what the command prints.</summary>
        public static McpClientConfig Parse(string json)
        {
            if (string.IsNullOrWhiteSpace(json)) return null;
            JObject o;
            try
            {
                o = JObject.Parse(json);
            }
            catch (Newtonsoft.Json.JsonException)
            {
                return null;
            }
            var text = o.Value<string>("text");
            if (string.IsNullOrEmpty(text)) return null;
            var notes = new List<string>();
            if (o["notes"] is JArray list)
            {
                foreach (var n in list)
                {
                    if (n.Type == JTokenType.String) notes.Add((string)n);
                }
            }
            return new McpClientConfig(text, notes);
        }

        /// <summary>Run the command (a short, blocking run: call it off the main thread); null with <paramref name="problem"/> when it failed.</summary>
        public static McpClientConfig Fetch(IProcessRunner runner, string node, string sidecarScript, string client, string projectRoot, out string problem)
        {
            var output = runner.Capture(node, Arguments(sidecarScript, client, projectRoot), TimeSpan.FromSeconds(20));
            var config = Parse(output);
            problem = config == null ? $"`{node} {sidecarScript} mcp-config --client {client}` gave no configuration; run it in a terminal to see why (Open sidecar log may help)." : null;
            return config;
        }
    }
}
