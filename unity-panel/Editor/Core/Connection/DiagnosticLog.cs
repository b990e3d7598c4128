using System;
using System.Globalization;
using System.IO;

namespace AgentPanel.Core.Connection
{
    /// <summary>
    /// The panel's own diagnostics (connection attempts, reconnects, refused frames) written to a file instead of the Console,
    /// which they would flood while a sidecar is down: timestamped lines, a run of identical lines folded into one count, and
    /// the file moved to "&lt;name&gt;.1" once it passes <see cref="MaxBytes"/>. Never throws: a log that cannot be written is skipped.
    /// </summary>
    internal sealed class DiagnosticLog
    {
        /// <summary>Size after which the file starts over (the previous one is kept as "&lt;name&gt;.1").</summary>
        public const long MaxBytes = 1024 * 1024;

        private readonly string path;
        private readonly Func<DateTime> clock;
        private string lastLine;
        private int repeats;

        public DiagnosticLog(string path, Func<DateTime> clock = null)
        {
            this.path = path;
            this.clock = clock ?? (() => DateTime.UtcNow);
        }

        /// <summary>Where the lines go.</summary>
        public string Path => path;

        /// <summary>Append one line (a repeat of the previous line is only counted until a different line comes).</summary>
        public void Write(string line)
        {
            line = (line ?? "").Replace("\r", " ").Replace("\n", " ");
            if (line == lastLine)
            {
                repeats++;
                return;
            }
            var text = "";
            if (repeats > 0) text += Stamp() + "(previous line repeated " + repeats.ToString(CultureInfo.InvariantCulture) + " more times)\n";
            text += Stamp() + line + "\n";
            lastLine = line;
            repeats = 0;
            Append(text);
        }

        private string Stamp()
        {
            return clock().ToString("yyyy-MM-dd HH:mm:ss.fff", CultureInfo.InvariantCulture) + "Z ";
        }

        private void Append(string text)
        {
            try
            {
                var directory = System.IO.Path.GetDirectoryName(path);
                if (!string.IsNullOrEmpty(directory)) Directory.CreateDirectory(directory);
                var info = new FileInfo(path);
                if (info.Exists && info.Length > MaxBytes)
                {
                    var previous = path + ".1";
                    if (File.Exists(previous)) File.Delete(previous);
                    File.Move(path, previous);
                }
                File.AppendAllText(path, text);
            }
            catch (IOException)
            {
                // Diagnostics are best effort: a locked or read-only file must not disturb the panel.
            }
            catch (UnauthorizedAccessException)
            {
                // Same: skip the line.
            }
        }
    }
}
