using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Formats.Tar;
using System.IO;
using System.Linq;
using System.Text;

namespace AgentPanel.ApiExtractor
{
    /// <summary>Reads files of a git tree straight out of a git directory (`git archive`, in memory), so the Unity reference
    /// source and the Test Framework package are read the same way and nothing of their source is written to disk.</summary>
    internal static class GitArchive
    {
        /// <summary>The regular files under <paramref name="paths"/> at <paramref name="treeish"/> whose name ends with one of
        /// <paramref name="extensions"/>, path → text, in ordinal path order.</summary>
        public static SortedDictionary<string, string> Read(string gitDir, string treeish, IEnumerable<string> paths, params string[] extensions)
        {
            var args = new List<string> { "-C", gitDir, "archive", "--format=tar", treeish };
            args.AddRange(paths);
            var start = new ProcessStartInfo("git", args) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
            var files = new SortedDictionary<string, string>(StringComparer.Ordinal);
            using (var git = Process.Start(start))
            {
                var errors = git.StandardError.ReadToEndAsync();
                using (var tar = new TarReader(git.StandardOutput.BaseStream))
                {
                    TarEntry entry;
                    while ((entry = tar.GetNextEntry()) != null)
                    {
                        if (entry.EntryType != TarEntryType.RegularFile && entry.EntryType != TarEntryType.V7RegularFile) continue;
                        if (!extensions.Any(e => entry.Name.EndsWith(e, StringComparison.Ordinal))) continue;
                        using (var reader = new StreamReader(entry.DataStream, Encoding.UTF8)) files[entry.Name] = reader.ReadToEnd();
                    }
                    git.StandardOutput.BaseStream.CopyTo(Stream.Null); // the tar's end padding: let git finish writing
                }
                git.WaitForExit();
                if (git.ExitCode != 0) throw new InvalidOperationException($"git archive {treeish} failed: {errors.Result}");
            }
            return files;
        }

        /// <summary>The names at the top of <paramref name="treeish"/> (`git ls-tree`), to ask `git archive` only for folders that exist.</summary>
        public static string[] TopLevel(string gitDir, string treeish)
        {
            var start = new ProcessStartInfo("git", new[] { "-C", gitDir, "ls-tree", "--name-only", treeish }) { RedirectStandardOutput = true, UseShellExecute = false };
            using (var git = Process.Start(start))
            {
                var output = git.StandardOutput.ReadToEnd();
                git.WaitForExit();
                if (git.ExitCode != 0) throw new InvalidOperationException($"git ls-tree {treeish} failed");
                return output.Split('\n', StringSplitOptions.RemoveEmptyEntries);
            }
        }
    }
}
