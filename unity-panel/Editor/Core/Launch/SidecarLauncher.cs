using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;

namespace AgentPanel.Core.Launch
{
    /// <summary>Everything needed to start (or find) the sidecar of one project.</summary>
    internal sealed class LaunchRequest
    {
        public string ProjectRoot { get; set; }
        /// <summary>The Editor's process id: the sidecar exits when it is gone.</summary>
        public int ParentPid { get; set; }
        /// <summary>Path of Sidecar~/agent-panel.mjs.</summary>
        public string SidecarScript { get; set; }
        /// <summary>Where the sidecar's output goes (appended).</summary>
        public string LogFile { get; set; }
        /// <summary>node path from the settings (null = search).</summary>
        public string NodePath { get; set; }
        /// <summary>claude path from the settings (null = the sidecar searches).</summary>
        public string ClaudePath { get; set; }
        public TimeSpan StartTimeout { get; set; } = TimeSpan.FromSeconds(20);
    }

    /// <summary>Reuses the project's healthy sidecar or starts a new one detached, waiting until it answers; errors are typed for the first-run view.</summary>
    internal sealed class SidecarLauncher
    {
        private readonly HostPlatform platform;
        private readonly SidecarCheck check;
        private readonly IProcessRunner runner;
        private readonly Func<TimeSpan, CancellationToken, Task> delay;

        public SidecarLauncher(HostPlatform platform, SidecarCheck check = null, IProcessRunner runner = null, Func<TimeSpan, CancellationToken, Task> delay = null)
        {
            this.platform = platform ?? throw new ArgumentNullException(nameof(platform));
            this.check = check ?? new SidecarCheck();
            this.runner = runner ?? new ProcessRunner();
            this.delay = delay ?? Task.Delay;
        }

        /// <summary>How often the start is polled.</summary>
        public TimeSpan PollInterval { get; set; } = TimeSpan.FromMilliseconds(200);

        /// <summary>
        /// The endpoint of a healthy sidecar for the project, starting one when needed. Everything runs on a pool thread: the
        /// descriptor check, the node search (a login shell, up to 5 s), `node --version` (up to 10 s) and Process.Start would
        /// freeze the Editor on its main thread, where the check completes synchronously when there is no descriptor.
        /// </summary>
        public Task<SidecarEndpoint> EnsureRunningAsync(LaunchRequest request, CancellationToken cancellation = default)
        {
            return Task.Run(() => EnsureRunningHereAsync(request, cancellation), cancellation);
        }

        private async Task<SidecarEndpoint> EnsureRunningHereAsync(LaunchRequest request, CancellationToken cancellation)
        {
            var location = DescriptorLocation.For(request.ProjectRoot, platform);
            var status = await check.RunAsync(location.DescriptorFile, cancellation).ConfigureAwait(false);
            if (status.State == SidecarState.Healthy) return status.Descriptor.Endpoint;
            if (!platform.FileExists(request.SidecarScript))
            {
                throw new SidecarLaunchException(ErrorCodes.SidecarMissing, $"The bundled sidecar {request.SidecarScript} is missing; reinstall the Agent Panel package.");
            }
            var node = FindNode(request.NodePath);
            NodeVersion.Require(runner, node);
            var spec = BuildSpec(request, node);
            var note = status.Reason != null ? " (" + status.Reason + ")" : "";
            SidecarLog.AppendLine(request.LogFile, $"--- Agent Panel starts the sidecar at {DateTime.Now:yyyy-MM-dd HH:mm:ss}{note}");
            var process = runner.Start(spec);
            return await WaitHealthyAsync(request, location, process, cancellation).ConfigureAwait(false);
        }

        /// <summary>The process spec for this request and node (exposed for tests and the settings view).</summary>
        public ProcessSpec BuildSpec(LaunchRequest request, string node)
        {
            var args = LaunchCommand.ServeArguments(request.ProjectRoot, request.ParentPid, request.ClaudePath);
            var spec = LaunchCommand.Detached(platform, node, request.SidecarScript, args, request.LogFile, request.ProjectRoot);
            spec.Environment["PATH"] = ChildPath(node);
            return spec;
        }

        /// <summary>node from the settings, PATH or the usual places; on macOS/Linux the login shell as a last resort.</summary>
        public string FindNode(string configured)
        {
            try
            {
                return new NodeLocator(platform).Locate(configured);
            }
            catch (SidecarLaunchException) when (string.IsNullOrWhiteSpace(configured))
            {
                var fromShell = NodeVersion.FromLoginShell(runner, platform);
                if (fromShell != null) return fromShell;
                throw;
            }
        }

        /// <summary>PATH for the sidecar: node's folder first (claude's npm shim needs node), then the Editor's PATH, then where claude usually lives.</summary>
        public string ChildPath(string node)
        {
            var separator = platform.IsWindows ? ";" : ":";
            var parts = new List<string>();
            var nodeDir = DirectoryOf(node);
            if (nodeDir.Length > 0) parts.Add(nodeDir);
            parts.AddRange((platform.Env("PATH") ?? platform.Env("Path") ?? "").Split(separator[0]).Where(p => p.Length > 0));
            if (!platform.IsWindows)
            {
                parts.Add(platform.Join(platform.Home, ".local", "bin"));
                parts.Add(platform.Join(platform.Home, ".claude", "local"));
                parts.Add("/opt/homebrew/bin");
                parts.Add("/usr/local/bin");
            }
            else
            {
                parts.Add(platform.Join(platform.NonEmptyEnv("APPDATA") ?? platform.Join(platform.Home, "AppData", "Roaming"), "npm"));
                parts.Add(platform.Join(platform.Home, ".local", "bin"));
            }
            return string.Join(separator, parts.Distinct());
        }

        private async Task<SidecarEndpoint> WaitHealthyAsync(LaunchRequest request, DescriptorLocation location, IStartedProcess process, CancellationToken cancellation)
        {
            var deadline = DateTime.UtcNow + request.StartTimeout;
            var exitedChecks = 0;
            while (DateTime.UtcNow < deadline)
            {
                await delay(PollInterval, cancellation).ConfigureAwait(false);
                var status = await check.RunAsync(location.DescriptorFile, cancellation).ConfigureAwait(false);
                if (status.State == SidecarState.Healthy) return status.Descriptor.Endpoint;
                if (!process.HasExited) continue;
                // Exit 0 means another sidecar for this project was found; give its descriptor a moment.
                if (process.ExitCode == 0 && ++exitedChecks < 10) continue;
                throw new SidecarLaunchException(ErrorCodes.SidecarStartFailed,
                    $"The sidecar exited (code {process.ExitCode}) before it was ready. Its log ({request.LogFile}) ends with:\n{SidecarLog.Tail(request.LogFile)}");
            }
            throw new SidecarLaunchException(ErrorCodes.SidecarStartTimeout,
                $"The sidecar did not answer within {request.StartTimeout.TotalSeconds:0} s. Its log ({request.LogFile}) ends with:\n{SidecarLog.Tail(request.LogFile)}");
        }

        private static string DirectoryOf(string path)
        {
            var at = Math.Max(path.LastIndexOf('/'), path.LastIndexOf('\\'));
            return at <= 0 ? "" : path.Substring(0, at);
        }
    }
}
