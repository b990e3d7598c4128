using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using AgentPanel.Core.Launch;
using AgentPanel.Editor.Integration;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI
{
    /// <summary>
    /// Settings → "Connect an MCP client": the client picker, what to paste (the sidecar's own `mcp-config` output, which points at
    /// the stable copy of the bundle rather than Library/PackageCache/…@hash), where it goes, and Copy.
    /// </summary>
    internal sealed class McpConnectView
    {
        private readonly DropdownField client;
        private readonly TextField text;
        private readonly Label notes;
        private readonly Button copy;
        private int request;

        public McpConnectView(VisualElement root)
        {
            client = root.Q<DropdownField>("settings-mcp-client");
            text = root.Q<TextField>("settings-mcp-text");
            notes = root.Q<Label>("settings-mcp-notes");
            copy = root.Q<Button>("settings-mcp-copy");
            notes.enableRichText = false;
            text.multiline = true;
            text.isReadOnly = true;
            client.choices = McpClientConfig.Labels.ToList();
            client.SetValueWithoutNotify(McpClientConfig.Labels[0]);
            client.RegisterValueChangedCallback(_ => Refresh());
            copy.clicked += () => GUIUtility.systemCopyBuffer = text.value;
            copy.SetEnabled(false);
        }

        /// <summary>Ask the sidecar for the chosen client's configuration (off the main thread; the answer comes back here).</summary>
        public async void Refresh()
        {
            var index = Math.Max(0, ((IList<string>)McpClientConfig.Labels).IndexOf(client.value));
            var id = McpClientConfig.Clients[index];
            var mine = ++request;
            var sidecar = EditorSidecar.Capture();
            copy.SetEnabled(false);
            notes.text = "Asking the sidecar…";
            string problem = null;
            var config = await Task.Run(() => sidecar.FetchMcpConfig(id, out problem));
            if (mine != request) return; // another client was picked meanwhile
            text.SetValueWithoutNotify(config?.Text ?? "");
            notes.text = config != null ? string.Join("\n", config.Notes) : problem;
            copy.SetEnabled(config != null);
        }
    }
}
