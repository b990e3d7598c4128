namespace AgentPanel.Core.Launch
{
    /// <summary>
    /// Where a project's sidecar announces itself (same rule as sidecar/src/bridge/descriptor.ts): %LOCALAPPDATA%\AgentPanel on
    /// Windows, $XDG_DATA_HOME/AgentPanel (when set and absolute) or ~/.local/share/AgentPanel elsewhere; files &lt;hash&gt;.json,
    /// &lt;hash&gt;.token and &lt;hash&gt;.lock.
    /// </summary>
    internal sealed class DescriptorLocation
    {
        private DescriptorLocation(string dir, string hash, string project, char separator)
        {
            Dir = dir;
            Hash = hash;
            Project = project;
            DescriptorFile = dir + separator + hash + ".json";
            TokenFile = dir + separator + hash + ".token";
            LockFile = dir + separator + hash + ".lock";
        }

        public string Dir { get; }
        public string Hash { get; }
        /// <summary>The normalized project root.</summary>
        public string Project { get; }
        public string DescriptorFile { get; }
        public string TokenFile { get; }
        public string LockFile { get; }

        /// <summary>Every path of the sidecar of <paramref name="projectRoot"/> on <paramref name="platform"/>.</summary>
        public static DescriptorLocation For(string projectRoot, HostPlatform platform, string cwd = null)
        {
            var project = ProjectHash.Normalize(projectRoot, platform.IsWindows, cwd);
            var hash = ProjectHash.Of(projectRoot, platform.IsWindows, cwd);
            return new DescriptorLocation(DirectoryFor(platform), hash, project, platform.Separator);
        }

        /// <summary>The directory holding descriptors on <paramref name="platform"/>.</summary>
        public static string DirectoryFor(HostPlatform platform)
        {
            if (platform.IsWindows)
            {
                var local = platform.NonEmptyEnv("LOCALAPPDATA") ?? platform.Join(platform.Home, "AppData", "Local");
                return platform.Join(local, "AgentPanel");
            }
            // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
            var xdg = platform.NonEmptyEnv("XDG_DATA_HOME");
            var baseDir = xdg != null && xdg.StartsWith("/") ? xdg : platform.Join(platform.Home, ".local", "share");
            return platform.Join(baseDir, "AgentPanel");
        }
    }
}
