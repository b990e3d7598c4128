using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using System.Text;

namespace AgentPanel.Core.Launch
{
    /// <summary>
    /// The project key shared with the sidecar (sidecar/src/bridge/descriptor.ts), byte for byte: normalize the project root
    /// (absolute, "."/".." collapsed, no symlink resolution; Windows: "\" separators and a lower-case drive letter), then the
    /// first 16 hex digits of SHA-256 over its UTF-8 bytes. Also the project's preferred port (bridge/port.ts).
    /// </summary>
    internal static class ProjectHash
    {
        /// <summary>First port of the sidecar range.</summary>
        public const int PortMin = 27200;
        /// <summary>Last port of the sidecar range (inclusive).</summary>
        public const int PortMax = 27999;

        /// <summary>The 16-hex-digit key of a project root.</summary>
        public static string Of(string projectRoot, bool windows, string cwd = null)
        {
            var digest = Digest(Normalize(projectRoot, windows, cwd));
            var hex = new StringBuilder(16);
            for (var i = 0; i < 8; i++) hex.Append(digest[i].ToString("x2"));
            return hex.ToString();
        }

        /// <summary>The project's preferred port: PortMin + (first 4 digest bytes, big-endian) mod 800.</summary>
        public static int PreferredPort(string projectRoot, bool windows, string cwd = null)
        {
            var d = Digest(Normalize(projectRoot, windows, cwd));
            var value = ((uint)d[0] << 24) | ((uint)d[1] << 16) | ((uint)d[2] << 8) | d[3];
            return PortMin + (int)(value % (uint)(PortMax - PortMin + 1));
        }

        /// <summary>The canonical form of a project root (path.resolve semantics of Node for the given OS family).</summary>
        public static string Normalize(string projectRoot, bool windows, string cwd = null)
        {
            if (projectRoot == null) throw new ArgumentNullException(nameof(projectRoot));
            return windows ? NormalizeWindows(projectRoot, cwd ?? "c:\\") : NormalizePosix(projectRoot, cwd ?? "/");
        }

        private static byte[] Digest(string normalized)
        {
            using (var sha = SHA256.Create()) return sha.ComputeHash(Encoding.UTF8.GetBytes(normalized));
        }

        private static string NormalizePosix(string input, string cwd)
        {
            var path = input.StartsWith("/", StringComparison.Ordinal) ? input : cwd.TrimEnd('/') + "/" + input;
            var segments = Collapse(path.Split('/'));
            return "/" + string.Join("/", segments);
        }

        private static string NormalizeWindows(string input, string cwd)
        {
            var path = input.Replace('/', '\\');
            string root;
            string rest;
            if (path.StartsWith("\\\\", StringComparison.Ordinal) && TrySplitUnc(path, out root, out rest))
            {
                // \\server\share\… keeps its root as written.
            }
            else if (path.Length >= 2 && path[1] == ':' && IsLetter(path[0]))
            {
                root = char.ToLowerInvariant(path[0]) + ":\\";
                rest = path.Substring(2);
            }
            else if (path.StartsWith("\\", StringComparison.Ordinal))
            {
                var cwdRoot = NormalizeWindows(cwd, "c:\\");
                root = cwdRoot.StartsWith("\\\\", StringComparison.Ordinal) && TrySplitUnc(cwdRoot, out var uncRoot, out _) ? uncRoot : cwdRoot.Substring(0, 3);
                rest = path;
            }
            else
            {
                return NormalizeWindows(NormalizeWindows(cwd, "c:\\").TrimEnd('\\') + "\\" + path, "c:\\");
            }
            var segments = Collapse(rest.Split('\\'));
            return segments.Count == 0 ? root : root + string.Join("\\", segments);
        }

        private static bool TrySplitUnc(string path, out string root, out string rest)
        {
            var parts = path.Substring(2).Split('\\');
            root = rest = null;
            if (parts.Length < 2 || parts[0].Length == 0 || parts[1].Length == 0) return false;
            root = "\\\\" + parts[0] + "\\" + parts[1] + "\\";
            rest = string.Join("\\", parts, 2, parts.Length - 2);
            return true;
        }

        private static List<string> Collapse(string[] parts)
        {
            var segments = new List<string>();
            foreach (var part in parts)
            {
                if (part.Length == 0 || part == ".") continue;
                if (part == "..")
                {
                    if (segments.Count > 0) segments.RemoveAt(segments.Count - 1);
                    continue;
                }
                segments.Add(part);
            }
            return segments;
        }

        private static bool IsLetter(char c)
        {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        }
    }
}
