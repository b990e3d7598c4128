using System;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Support
{
    /// <summary>
    /// Runs unity-panel/Tools~/ws-test-server.mjs (a `ws` WebSocket server on 127.0.0.1) so the real ClientWebSocket is
    /// tested the same way on .NET and on Mono, whose HttpListener cannot accept WebSockets. Needs the repository checkout
    /// (node_modules) and node; ignored where the package is installed on its own.
    /// </summary>
    internal sealed class WsTestServer : IDisposable
    {
        private readonly Process process;
        private readonly BlockingCollection<JObject> lines = new BlockingCollection<JObject>();

        private WsTestServer(Process process)
        {
            this.process = process;
        }

        /// <summary>The port the server listens on (127.0.0.1).</summary>
        public int Port { get; private set; }

        /// <summary>Starts the server and waits until it listens.</summary>
        public static WsTestServer Start()
        {
            var root = RepoPaths.Root;
            if (root == null) Assert.Ignore("The WebSocket tests need the repository checkout (node_modules/ws); this package is installed on its own.");
            if (!Directory.Exists(Path.Combine(root, "node_modules", "ws"))) Assert.Fail("node_modules/ws is missing: run `npm ci` in " + root + ".");
            var node = FindNode();
            if (node == null) Assert.Fail("node was not found on PATH (or AGENT_PANEL_NODE); the WebSocket tests run a small Node server.");
            var script = Path.Combine(RepoPaths.Package, "Tools~", "ws-test-server.mjs");
            // Quoted for both runtimes: .NET splits Arguments with Windows rules, Mono with shell rules.
            var info = new ProcessStartInfo(node, "\"" + script + "\"")
            {
                UseShellExecute = false,
                RedirectStandardInput = true,
                RedirectStandardOutput = true,
                CreateNoWindow = true,
                WorkingDirectory = root,
            };
            var server = new WsTestServer(new Process { StartInfo = info });
            server.process.OutputDataReceived += (_, e) =>
            {
                if (!string.IsNullOrWhiteSpace(e.Data)) server.lines.Add(JObject.Parse(e.Data));
            };
            server.process.Start();
            server.process.BeginOutputReadLine();
            if (!server.lines.TryTake(out var ready, 10000) || ready["port"] == null)
            {
                server.Dispose();
                Assert.Fail("ws-test-server.mjs did not report its port within 10 s.");
            }
            server.Port = (int)ready["port"];
            return server;
        }

        /// <summary>ws://127.0.0.1:port + path.</summary>
        public Uri Url(string path)
        {
            return new Uri("ws://127.0.0.1:" + Port + path);
        }

        /// <summary>What the server saw of the next connection to end (path, auth, code, reason).</summary>
        public JObject NextEnded(int timeoutMs = 5000)
        {
            if (!lines.TryTake(out var line, timeoutMs)) Assert.Fail("The WebSocket server saw no connection end within " + timeoutMs + " ms.");
            return line;
        }

        public void Dispose()
        {
            try
            {
                process.StandardInput.Close();
                if (!process.WaitForExit(3000)) process.Kill();
            }
            catch (InvalidOperationException)
            {
                // never started or already gone
            }
            process.Dispose();
        }

        /// <summary>node from AGENT_PANEL_NODE or PATH, or null.</summary>
        internal static string FindNode()
        {
            var configured = Environment.GetEnvironmentVariable("AGENT_PANEL_NODE");
            if (!string.IsNullOrEmpty(configured) && File.Exists(configured)) return configured;
            var names = Path.DirectorySeparatorChar == '\\' ? new[] { "node.exe" } : new[] { "node" };
            var path = Environment.GetEnvironmentVariable("PATH") ?? "";
            return path.Split(Path.PathSeparator).Where(d => d.Length > 0).SelectMany(d => names.Select(n => Path.Combine(d, n))).FirstOrDefault(File.Exists);
        }
    }
}
