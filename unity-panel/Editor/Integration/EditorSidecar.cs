using System.Diagnostics;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Launch;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Integration
{
    /// <summary>
    /// The Unity facts the launcher needs, captured once on the main thread (project root, editor pid, package folder,
    /// settings), so background threads (the connection's endpoint lookup) never touch Unity APIs.
    /// </summary>
    internal sealed class EditorSidecar
    {
        /// <summary>EditorPrefs key of the node path override.</summary>
        public const string NodePathKey = AgentPanel.Core.View.PanelPreferences.NodePathKey;
        /// <summary>EditorPrefs key of the claude path override.</summary>
        public const string ClaudePathKey = AgentPanel.Core.View.PanelPreferences.ClaudePathKey;

        private readonly HostPlatform platform = HostPlatform.Current();

        private EditorSidecar(string projectRoot, string packageRoot, int editorPid, string nodePath, string claudePath)
        {
            ProjectRoot = projectRoot;
            PackageRoot = packageRoot;
            EditorPid = editorPid;
            NodePath = nodePath;
            ClaudePath = claudePath;
            Location = DescriptorLocation.For(projectRoot, platform);
        }

        public string ProjectRoot { get; }
        public string PackageRoot { get; }
        public int EditorPid { get; }
        public string NodePath { get; }
        public string ClaudePath { get; }
        public DescriptorLocation Location { get; }

        /// <summary>The installed package's version (from its package.json), reported to the sidecar in hello.</summary>
        public string PackageVersion => PackageManifest.Version(PackageRoot);

        /// <summary>The bundled sidecar (Sidecar~/agent-panel.mjs, never imported by Unity).</summary>
        public string SidecarScript => Path.Combine(PackageRoot, "Sidecar~", "agent-panel.mjs");

        /// <summary>The sidecar's log: Library/AgentPanel/sidecar.log in the project.</summary>
        public string LogFile => Path.Combine(ProjectRoot, "Library", "AgentPanel", "sidecar.log");

        /// <summary>The panel's own diagnostics (connection attempts): Library/AgentPanel/panel.log in the project.</summary>
        public string PanelLogFile => Path.Combine(ProjectRoot, "Library", "AgentPanel", "panel.log");

        /// <summary>Capture the facts; call on the main thread.</summary>
        public static EditorSidecar Capture()
        {
            var projectRoot = Path.GetDirectoryName(Application.dataPath);
            var package = UnityEditor.PackageManager.PackageInfo.FindForAssembly(typeof(EditorSidecar).Assembly);
            var packageRoot = package != null ? package.resolvedPath : Path.Combine(projectRoot, "Packages", "dev.agentpanel.unity");
            int pid;
            using (var self = Process.GetCurrentProcess()) pid = self.Id;
            return new EditorSidecar(projectRoot, packageRoot, pid, EditorPrefs.GetString(NodePathKey, ""), EditorPrefs.GetString(ClaudePathKey, ""));
        }

        /// <summary>The running sidecar's endpoint from its descriptor, or null (safe on any thread: plain file I/O).</summary>
        public SidecarEndpoint ReadEndpoint()
        {
            return SidecarDescriptor.TryRead(Location.DescriptorFile)?.Endpoint;
        }

        /// <summary>The sidecar's `mcp-config --json` for one MCP client (blocking: call off the main thread); null with <paramref name="problem"/> when it failed.</summary>
        public McpClientConfig FetchMcpConfig(string client, out string problem)
        {
            try
            {
                var node = new SidecarLauncher(platform).FindNode(string.IsNullOrWhiteSpace(NodePath) ? null : NodePath);
                return McpClientConfig.Fetch(new ProcessRunner(), node, SidecarScript, client, ProjectRoot, out problem);
            }
            catch (AgentPanel.Core.SidecarLaunchException e)
            {
                problem = e.Message;
                return null;
            }
        }

        /// <summary>Reuse the healthy sidecar or start one; failures are SidecarLaunchException with a code for the first-run view.</summary>
        public Task<SidecarEndpoint> EnsureRunningAsync(CancellationToken cancellation = default)
        {
            var request = new LaunchRequest
            {
                ProjectRoot = ProjectRoot,
                ParentPid = EditorPid,
                SidecarScript = SidecarScript,
                LogFile = LogFile,
                NodePath = string.IsNullOrWhiteSpace(NodePath) ? null : NodePath,
                ClaudePath = string.IsNullOrWhiteSpace(ClaudePath) ? null : ClaudePath,
            };
            return new SidecarLauncher(platform).EnsureRunningAsync(request, cancellation);
        }
    }
}
