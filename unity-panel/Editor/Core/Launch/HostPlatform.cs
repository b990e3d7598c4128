using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;

namespace AgentPanel.Core.Launch
{
    /// <summary>Operating systems the launcher distinguishes.</summary>
    internal enum HostOs
    {
        Windows,
        MacOS,
        Linux,
    }

    /// <summary>The machine facts launcher logic depends on (OS, environment, home, file system), injectable so Windows and macOS rules are tested on Linux.</summary>
    internal sealed class HostPlatform
    {
        public HostPlatform(HostOs os, Func<string, string> env, string home, Func<string, bool> fileExists = null, Func<string, bool> directoryExists = null, Func<string, IEnumerable<string>> listDirectories = null)
        {
            Os = os;
            Env = env ?? (_ => null);
            Home = home ?? "";
            FileExists = fileExists ?? File.Exists;
            DirectoryExists = directoryExists ?? Directory.Exists;
            ListDirectories = listDirectories ?? SafeListDirectories;
        }

        public HostOs Os { get; }
        /// <summary>Environment variable lookup (null when unset).</summary>
        public Func<string, string> Env { get; }
        public string Home { get; }
        public Func<string, bool> FileExists { get; }
        public Func<string, bool> DirectoryExists { get; }
        /// <summary>Full paths of the sub-directories of a directory (empty when it does not exist).</summary>
        public Func<string, IEnumerable<string>> ListDirectories { get; }

        public bool IsWindows => Os == HostOs.Windows;

        /// <summary>Path separator of this OS.</summary>
        public char Separator => IsWindows ? '\\' : '/';

        /// <summary>The machine this code runs on.</summary>
        public static HostPlatform Current()
        {
            var os = RuntimeInformation.IsOSPlatform(OSPlatform.Windows) ? HostOs.Windows
                : RuntimeInformation.IsOSPlatform(OSPlatform.OSX) ? HostOs.MacOS
                : HostOs.Linux;
            return new HostPlatform(os, Environment.GetEnvironmentVariable, Environment.GetFolderPath(Environment.SpecialFolder.UserProfile));
        }

        /// <summary>Join path parts with this OS's separator (no normalization beyond trimming separators at the joins).</summary>
        public string Join(params string[] parts)
        {
            var kept = parts.Where(p => !string.IsNullOrEmpty(p)).ToList();
            if (kept.Count == 0) return "";
            var result = kept[0];
            for (var i = 1; i < kept.Count; i++)
            {
                result = result.TrimEnd('/', Separator) + Separator + kept[i].TrimStart('/', Separator);
            }
            return result;
        }

        /// <summary>A non-blank environment variable, or null.</summary>
        public string NonEmptyEnv(string name)
        {
            var value = Env(name);
            return string.IsNullOrWhiteSpace(value) ? null : value;
        }

        private static IEnumerable<string> SafeListDirectories(string dir)
        {
            try
            {
                return Directory.Exists(dir) ? Directory.GetDirectories(dir) : new string[0];
            }
            catch (Exception e) when (e is IOException || e is UnauthorizedAccessException)
            {
                return new string[0];
            }
        }
    }
}
