using System;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Support
{
    /// <summary>
    /// The official MCP TypeScript SDK client (unity-panel/Tools~/mcp-test-client.mjs, Streamable HTTP) run by node and
    /// driven one JSON line per request, so the C# tests see the sidecar exactly as an MCP client in a terminal does.
    /// Needs the repository checkout (node_modules/@modelcontextprotocol/sdk) and node.
    /// </summary>
    internal sealed class McpTestClient : IDisposable
    {
        private readonly Process process;
        private readonly ConcurrentDictionary<string, TaskCompletionSource<JObject>> waiting = new ConcurrentDictionary<string, TaskCompletionSource<JObject>>();
        private readonly TaskCompletionSource<JObject> ready = new TaskCompletionSource<JObject>(TaskCreationOptions.RunContinuationsAsynchronously);
        private int next;

        private McpTestClient(Process process)
        {
            this.process = process;
        }

        /// <summary>Starts the client against http://127.0.0.1:port/mcp and waits until it has initialized its session.</summary>
        public static McpTestClient Connect(int port, string token)
        {
            var root = RepoPaths.Root;
            if (root == null) Assert.Ignore("The MCP client tests need the repository checkout (node_modules); this package is installed on its own.");
            if (!Directory.Exists(Path.Combine(root, "node_modules", "@modelcontextprotocol", "sdk"))) Assert.Fail("node_modules/@modelcontextprotocol/sdk is missing: run `npm ci` in " + root + ".");
            var node = WsTestServer.FindNode();
            if (node == null) Assert.Fail("node was not found on PATH (or AGENT_PANEL_NODE); the MCP client is the SDK's, run by node.");
            var script = Path.Combine(RepoPaths.Package, "Tools~", "mcp-test-client.mjs");
            // Quoted for both runtimes: .NET splits Arguments with Windows rules, Mono with shell rules.
            var info = new ProcessStartInfo(node, $"\"{script}\" http://127.0.0.1:{port}/mcp \"{token}\"")
            {
                UseShellExecute = false,
                RedirectStandardInput = true,
                RedirectStandardOutput = true,
                CreateNoWindow = true,
                WorkingDirectory = root,
            };
            var client = new McpTestClient(new Process { StartInfo = info });
            client.process.OutputDataReceived += (_, e) => client.OnLine(e.Data);
            client.process.Start();
            client.process.BeginOutputReadLine();
            if (!client.ready.Task.Wait(15000) || client.ready.Task.Result["ready"]?.Value<bool>() != true)
            {
                var why = client.ready.Task.IsCompleted ? client.ready.Task.Result.ToString() : "no answer within 15 s";
                client.Dispose();
                Assert.Fail("The MCP client did not connect to the sidecar: " + why);
            }
            return client;
        }

        /// <summary>tools/list: the names.</summary>
        public Task<JObject> List() => Send(new JObject { ["op"] = "list" });

        /// <summary>tools/call; the answer has ok, result (the CallToolResult) and progress (notifications received).</summary>
        public Task<JObject> Call(string name, JObject args) => Send(new JObject { ["op"] = "call", ["name"] = name, ["args"] = args });

        public void Dispose()
        {
            try
            {
                process.StandardInput.Close();
                if (!process.WaitForExit(5000)) process.Kill();
            }
            catch (InvalidOperationException)
            {
                // never started or already gone
            }
            process.Dispose();
            foreach (var tcs in waiting.Values) tcs.TrySetCanceled();
        }

        private Task<JObject> Send(JObject request)
        {
            var id = Interlocked.Increment(ref next).ToString();
            request["id"] = id;
            var tcs = new TaskCompletionSource<JObject>(TaskCreationOptions.RunContinuationsAsynchronously);
            waiting[id] = tcs;
            lock (process) process.StandardInput.WriteLine(request.ToString(Newtonsoft.Json.Formatting.None));
            process.StandardInput.Flush();
            return tcs.Task;
        }

        private void OnLine(string line)
        {
            if (string.IsNullOrWhiteSpace(line)) return;
            JObject answer;
            try
            {
                answer = JObject.Parse(line);
            }
            catch (Newtonsoft.Json.JsonException)
            {
                return;
            }
            if (answer["ready"] != null) ready.TrySetResult(answer);
            else if (answer["id"] != null && waiting.TryRemove((string)answer["id"], out var tcs)) tcs.TrySetResult(answer);
        }
    }
}
