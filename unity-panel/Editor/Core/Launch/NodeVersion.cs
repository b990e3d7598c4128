using System;

namespace AgentPanel.Core.Launch
{
    /// <summary>Reads `node --version` and says whether it is new enough for the sidecar (Node 22+).</summary>
    internal static class NodeVersion
    {
        /// <summary>Oldest supported major version.</summary>
        public const int MinimumMajor = 22;

        /// <summary>The version `node --version` printed ("v20.11.1\n"), or null when unreadable.</summary>
        public static Version Parse(string output)
        {
            if (string.IsNullOrWhiteSpace(output)) return null;
            return NodeLocator.ParseVersion(output.Trim());
        }

        /// <summary>Throws node_too_old / node_not_found unless <paramref name="nodePath"/> runs and is Node 22 or newer.</summary>
        public static Version Require(IProcessRunner runner, string nodePath)
        {
            var version = Parse(runner.Capture(nodePath, new[] { "--version" }, TimeSpan.FromSeconds(10)));
            if (version == null)
            {
                throw new SidecarLaunchException(ErrorCodes.NodeNotFound, $"{nodePath} did not run as Node.js (`node --version` failed); install Node.js {MinimumMajor}+ or fix the node path in Agent Panel settings.");
            }
            if (version.Major < MinimumMajor)
            {
                throw new SidecarLaunchException(ErrorCodes.NodeTooOld, $"{nodePath} is Node.js {version}; Agent Panel needs Node.js {MinimumMajor} or newer. Update Node.js or set another node path in Agent Panel settings.");
            }
            return version;
        }

        /// <summary>macOS/Linux fallback: ask the user's login shell where node is (it loads nvm/fnm/asdf setups the Editor never saw).</summary>
        public static string FromLoginShell(IProcessRunner runner, HostPlatform platform)
        {
            if (platform.IsWindows) return null;
            var shell = platform.NonEmptyEnv("SHELL") ?? "/bin/zsh";
            var output = runner.Capture(shell, new[] { "-ilc", "command -v node" }, TimeSpan.FromSeconds(5));
            if (output == null) return null;
            foreach (var line in output.Split('\n'))
            {
                var path = line.Trim();
                if (path.StartsWith("/") && platform.FileExists(path)) return path;
            }
            return null;
        }
    }
}
