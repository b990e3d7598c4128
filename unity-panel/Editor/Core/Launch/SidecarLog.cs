using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

namespace AgentPanel.Core.Launch
{
    /// <summary>
    /// Library/AgentPanel/sidecar.log as the panel touches it: a start line appended before each launch and the tail shown when a
    /// start fails. An older sidecar may still be writing the file, so every open shares read, write and delete (Windows refuses
    /// an open that does not share write with an existing writer).
    /// </summary>
    internal static class SidecarLog
    {
        /// <summary>The sharing every open of the log uses.</summary>
        public const FileShare Sharing = FileShare.ReadWrite | FileShare.Delete;

        private const int SharingViolation = 32;
        private const int LockViolation = 33;

        /// <summary>Append one line (creating the folder); failures are a sidecar_start_failed error that names the real cause.</summary>
        public static void AppendLine(string logFile, string line)
        {
            try
            {
                var dir = Path.GetDirectoryName(logFile);
                if (!string.IsNullOrEmpty(dir)) Directory.CreateDirectory(dir);
                using (var stream = new FileStream(logFile, FileMode.Append, FileAccess.Write, Sharing))
                {
                    var bytes = new UTF8Encoding(false).GetBytes(line + Environment.NewLine);
                    stream.Write(bytes, 0, bytes.Length);
                }
            }
            catch (Exception e) when (e is IOException || e is UnauthorizedAccessException)
            {
                throw new SidecarLaunchException(ErrorCodes.SidecarStartFailed, WriteProblem(logFile, e), e);
            }
        }

        /// <summary>The last lines of the log ("(empty)" when there is nothing to show), readable while a sidecar writes it.</summary>
        public static string Tail(string logFile, int lines = 20)
        {
            try
            {
                var tail = new Queue<string>();
                using (var stream = new FileStream(logFile, FileMode.Open, FileAccess.Read, Sharing))
                using (var reader = new StreamReader(stream, Encoding.UTF8))
                {
                    string line;
                    while ((line = reader.ReadLine()) != null)
                    {
                        tail.Enqueue(line);
                        if (tail.Count > lines) tail.Dequeue();
                    }
                }
                return tail.Count == 0 ? "(empty)" : string.Join("\n", tail);
            }
            catch (Exception e) when (e is IOException || e is UnauthorizedAccessException)
            {
                return "(log not readable: " + e.Message + ")";
            }
        }

        /// <summary>What went wrong writing the log and what to do, by the kind of failure (only access denied is about permissions).</summary>
        public static string WriteProblem(string logFile, Exception error)
        {
            if (error is UnauthorizedAccessException)
            {
                return $"Cannot write the sidecar log {logFile}: access denied ({error.Message}). Check the permissions of {Path.GetDirectoryName(logFile)}.";
            }
            var code = error.HResult & 0xFFFF;
            if (code == SharingViolation || code == LockViolation)
            {
                return $"Cannot write the sidecar log {logFile}: another program has it open without sharing ({error.Message}). Close that program (a log viewer or an old sidecar), then retry.";
            }
            if (error is DirectoryNotFoundException || error is PathTooLongException)
            {
                return $"Cannot write the sidecar log {logFile}: the path is not usable ({error.Message}). Check that the project folder exists and its path is not too long.";
            }
            return $"Cannot write the sidecar log {logFile} ({error.Message}). Check the disk (free space, read-only volume), then retry.";
        }
    }
}
