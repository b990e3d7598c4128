using System;
using System.Collections.Generic;
using System.Linq;

namespace AgentPanel.Core.Launch
{
    /// <summary>
    /// Finds `node`: an explicit path from the settings, then PATH, then the usual install places. The last step matters on
    /// macOS, where an Editor started from the Dock or Unity Hub inherits launchd's minimal PATH (/usr/bin:/bin:/usr/sbin:/sbin)
    /// rather than the shell's, so Homebrew, nvm, volta, fnm, asdf and friends are invisible to it.
    /// </summary>
    internal sealed class NodeLocator
    {
        private readonly HostPlatform platform;

        public NodeLocator(HostPlatform platform)
        {
            this.platform = platform ?? throw new ArgumentNullException(nameof(platform));
        }

        /// <summary>The first existing node executable, or throws node_not_found listing where it looked.</summary>
        public string Locate(string configuredPath = null)
        {
            var looked = new List<string>();
            foreach (var candidate in Candidates(configuredPath))
            {
                looked.Add(candidate);
                if (platform.FileExists(candidate)) return candidate;
            }
            var hint = platform.IsWindows
                ? "Install Node.js 22 or newer from nodejs.org"
                : platform.Os == HostOs.MacOS ? "Install Node.js 22 or newer (e.g. `brew install node`)" : "Install Node.js 22 or newer with your package manager or nvm";
            throw new SidecarLaunchException(ErrorCodes.NodeNotFound,
                hint + ", or set the node path in Agent Panel settings. Looked in: " + string.Join(", ", looked.Distinct().Take(12)) + (looked.Count > 12 ? ", …" : ""));
        }

        /// <summary>Every place node may be, best first (duplicates removed).</summary>
        public IEnumerable<string> Candidates(string configuredPath = null)
        {
            var seen = new HashSet<string>(platform.IsWindows ? StringComparer.OrdinalIgnoreCase : StringComparer.Ordinal);
            var all = new List<string>();
            if (!string.IsNullOrWhiteSpace(configuredPath)) all.Add(configuredPath.Trim());
            all.AddRange(FromPath());
            all.AddRange(platform.IsWindows ? WindowsPlaces() : UnixPlaces());
            return all.Where(seen.Add);
        }

        private string Exe => platform.IsWindows ? "node.exe" : "node";

        private IEnumerable<string> FromPath()
        {
            var path = platform.Env("PATH") ?? platform.Env("Path") ?? "";
            var separator = platform.IsWindows ? ';' : ':';
            return path.Split(separator).Select(d => d.Trim().Trim('"')).Where(d => d.Length > 0).Select(d => platform.Join(d, Exe));
        }

        private IEnumerable<string> UnixPlaces()
        {
            var home = platform.Home;
            var places = new List<string> { "/opt/homebrew/bin", "/usr/local/bin", "/opt/local/bin", "/usr/bin", "/snap/bin" };
            places.Add(platform.Join(platform.NonEmptyEnv("VOLTA_HOME") ?? platform.Join(home, ".volta"), "bin"));
            places.AddRange(Versions(platform.Join(platform.NonEmptyEnv("NVM_DIR") ?? platform.Join(home, ".nvm"), "versions", "node"), "bin"));
            var fnmDirs = new[]
            {
                platform.NonEmptyEnv("FNM_DIR"),
                platform.Join(home, ".fnm"),
                platform.Join(home, "Library", "Application Support", "fnm"),
                platform.Join(platform.NonEmptyEnv("XDG_DATA_HOME") ?? platform.Join(home, ".local", "share"), "fnm"),
            };
            foreach (var fnm in fnmDirs.Where(d => d != null)) places.AddRange(Versions(platform.Join(fnm, "node-versions"), "installation/bin"));
            var asdf = platform.NonEmptyEnv("ASDF_DATA_DIR") ?? platform.Join(home, ".asdf");
            places.AddRange(Versions(platform.Join(asdf, "installs", "nodejs"), "bin"));
            places.Add(platform.Join(asdf, "shims"));
            places.AddRange(Versions(platform.Join(home, ".local", "share", "mise", "installs", "node"), "bin"));
            places.Add(platform.Join(home, "n", "bin"));
            places.Add(platform.Join(home, ".local", "bin"));
            return places.Select(d => platform.Join(d, Exe));
        }

        private IEnumerable<string> WindowsPlaces()
        {
            var home = platform.Home;
            var programFiles = platform.NonEmptyEnv("ProgramFiles") ?? "C:\\Program Files";
            var programFilesX86 = platform.NonEmptyEnv("ProgramFiles(x86)") ?? "C:\\Program Files (x86)";
            var localAppData = platform.NonEmptyEnv("LOCALAPPDATA") ?? platform.Join(home, "AppData", "Local");
            var appData = platform.NonEmptyEnv("APPDATA") ?? platform.Join(home, "AppData", "Roaming");
            var places = new List<string>
            {
                platform.Join(programFiles, "nodejs"),
                platform.Join(programFilesX86, "nodejs"),
                platform.Join(localAppData, "Programs", "nodejs"),
            };
            var nvmSymlink = platform.NonEmptyEnv("NVM_SYMLINK");
            if (nvmSymlink != null) places.Add(nvmSymlink);
            places.AddRange(Versions(platform.NonEmptyEnv("NVM_HOME") ?? platform.Join(appData, "nvm"), ""));
            places.Add(platform.Join(localAppData, "Volta", "bin"));
            places.Add(platform.Join(programFiles, "Volta"));
            places.AddRange(Versions(platform.Join(platform.NonEmptyEnv("FNM_DIR") ?? platform.Join(appData, "fnm"), "node-versions"), "installation"));
            places.Add(platform.Join(home, "scoop", "apps", "nodejs", "current"));
            places.Add(platform.Join(platform.NonEmptyEnv("ProgramData") ?? "C:\\ProgramData", "chocolatey", "bin"));
            return places.Select(d => platform.Join(d, Exe));
        }

        /// <summary>Version directories under <paramref name="root"/> (v20.11.1, 22.3.0 …), newest first, each joined with <paramref name="sub"/>.</summary>
        private IEnumerable<string> Versions(string root, string sub)
        {
            return platform.ListDirectories(root)
                .Select(dir => new { dir, version = ParseVersion(LastSegment(dir)) })
                .Where(x => x.version != null)
                .OrderByDescending(x => x.version)
                .Select(x => sub.Length == 0 ? x.dir : platform.Join(x.dir, sub.Replace('/', platform.Separator)));
        }

        private static string LastSegment(string path)
        {
            var trimmed = path.TrimEnd('/', '\\');
            var at = Math.Max(trimmed.LastIndexOf('/'), trimmed.LastIndexOf('\\'));
            return at < 0 ? trimmed : trimmed.Substring(at + 1);
        }

        /// <summary>"v20.11.1" / "20.11.1" / "node-v20" → a comparable version, or null.</summary>
        public static Version ParseVersion(string name)
        {
            var text = name.StartsWith("node-", StringComparison.OrdinalIgnoreCase) ? name.Substring(5) : name;
            text = text.TrimStart('v', 'V');
            var parts = text.Split('.');
            var numbers = new int[3];
            for (var i = 0; i < parts.Length && i < 3; i++)
            {
                if (!int.TryParse(parts[i], out numbers[i])) return null;
            }
            return parts.Length == 0 || parts[0].Length == 0 ? null : new Version(numbers[0], numbers[1], numbers[2]);
        }
    }
}
