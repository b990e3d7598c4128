using System.Collections.Generic;
using System.Linq;

namespace AgentPanel.Core.Launch
{
    /// <summary>A process to start: file, one argument string (quoted for ProcessStartInfo.Arguments) and extra environment.</summary>
    internal sealed class ProcessSpec
    {
        public ProcessSpec(string fileName, IList<string> arguments, IDictionary<string, string> environment = null, string workingDirectory = null)
        {
            FileName = fileName;
            Arguments = new List<string>(arguments);
            Environment = new Dictionary<string, string>(environment ?? new Dictionary<string, string>());
            WorkingDirectory = workingDirectory;
        }

        public string FileName { get; }
        /// <summary>The arguments, unquoted.</summary>
        public List<string> Arguments { get; }
        /// <summary>Variables to set for the child (on top of the Editor's own).</summary>
        public Dictionary<string, string> Environment { get; }
        public string WorkingDirectory { get; }

        /// <summary>True when <see cref="Arguments"/> are already a composed command line (cmd.exe), joined without quoting.</summary>
        public bool RawArguments { get; set; }

        /// <summary>The arguments joined for ProcessStartInfo.Arguments under the rules of the runtime this code runs on.</summary>
        public string ArgumentString => ArgumentStringFor(ArgumentQuoting.Current);

        /// <summary>The arguments joined for ProcessStartInfo.Arguments under <paramref name="rules"/>.</summary>
        public string ArgumentStringFor(ArgumentRules rules) => RawArguments ? string.Join(" ", Arguments) : ArgumentQuoting.Join(Arguments, rules);
    }

    /// <summary>Builds the sidecar's command line: `node &lt;Sidecar~/agent-panel.mjs&gt; serve --project &lt;root&gt; --parent-pid &lt;pid&gt;`, detached with output appended to a log file.</summary>
    internal static class LaunchCommand
    {
        /// <summary>Environment variable the POSIX wrapper reads the log path from (keeps the path out of shell quoting).</summary>
        public const string LogVariable = "AGENT_PANEL_LOG";

        /// <summary>The serve arguments after the script.</summary>
        public static List<string> ServeArguments(string projectRoot, int parentPid, string claudePath = null, int? port = null)
        {
            var args = new List<string> { "serve", "--project", projectRoot, "--parent-pid", parentPid.ToString() };
            if (!string.IsNullOrEmpty(claudePath))
            {
                args.Add("--claude");
                args.Add(claudePath);
            }
            if (port.HasValue)
            {
                args.Add("--port");
                args.Add(port.Value.ToString());
            }
            return args;
        }

        /// <summary>
        /// The process that runs the sidecar with stdout and stderr appended to <paramref name="logFile"/> and no pipe back to the
        /// Editor (a pipe would break on domain reload). POSIX: `/bin/sh -c 'exec "$0" "$@" >>"$AGENT_PANEL_LOG" 2>&amp;1' node …`, so
        /// the started process becomes node itself. Windows: `cmd.exe /d /s /c ""node" … >>"log" 2>&amp;1"`.
        /// </summary>
        public static ProcessSpec Detached(HostPlatform platform, string nodePath, string sidecarScript, IList<string> serveArguments, string logFile, string workingDirectory)
        {
            var command = new List<string> { nodePath, sidecarScript };
            command.AddRange(serveArguments);
            var env = new Dictionary<string, string> { { LogVariable, logFile } };
            if (platform.IsWindows)
            {
                var line = string.Join(" ", command.Select(CmdQuote)) + " >>" + CmdQuote(logFile) + " 2>&1";
                return new ProcessSpec("cmd.exe", new List<string> { "/d", "/s", "/c", "\"" + line + "\"" }, env, workingDirectory).WithRawArguments();
            }
            var args = new List<string> { "-c", "exec \"$0\" \"$@\" >>\"$" + LogVariable + "\" 2>&1" };
            args.AddRange(command);
            return new ProcessSpec("/bin/sh", args, env, workingDirectory);
        }

        /// <summary>Quote for cmd.exe: always in double quotes (paths with spaces, &amp;, parentheses); a double quote cannot occur in Windows paths.</summary>
        private static string CmdQuote(string arg)
        {
            return "\"" + arg.Replace("\"", "") + "\"";
        }

        private static ProcessSpec WithRawArguments(this ProcessSpec spec)
        {
            spec.RawArguments = true;
            return spec;
        }
    }
}
