using System;
using System.Collections.Generic;
using System.Diagnostics;

namespace AgentPanel.Core.Launch
{
    /// <summary>A process the launcher started (only what it needs to watch).</summary>
    internal interface IStartedProcess
    {
        int Id { get; }
        bool HasExited { get; }
        /// <summary>Valid once <see cref="HasExited"/>.</summary>
        int ExitCode { get; }
    }

    /// <summary>Starts processes; replaced in tests.</summary>
    internal interface IProcessRunner
    {
        IStartedProcess Start(ProcessSpec spec);

        /// <summary>Run a short command with these (unquoted) arguments and return its stdout (null when it fails or exceeds <paramref name="timeout"/>).</summary>
        string Capture(string fileName, IList<string> arguments, TimeSpan timeout);
    }

    /// <summary>The real runner: System.Diagnostics.Process without a shell window and without pipes for detached starts.</summary>
    internal sealed class ProcessRunner : IProcessRunner
    {
        public IStartedProcess Start(ProcessSpec spec)
        {
            var info = new ProcessStartInfo(spec.FileName, spec.ArgumentString)
            {
                UseShellExecute = false,
                CreateNoWindow = true,
                RedirectStandardInput = false,
                RedirectStandardOutput = false,
                RedirectStandardError = false,
                WorkingDirectory = spec.WorkingDirectory ?? "",
            };
            foreach (var pair in spec.Environment) info.EnvironmentVariables[pair.Key] = pair.Value;
            try
            {
                return new Started(Process.Start(info));
            }
            catch (Exception e) when (e is System.ComponentModel.Win32Exception || e is InvalidOperationException || e is System.IO.IOException)
            {
                throw new SidecarLaunchException(ErrorCodes.SidecarStartFailed, $"Could not start {spec.FileName} ({e.Message}); check the node path in Agent Panel settings.", e);
            }
        }

        public string Capture(string fileName, IList<string> arguments, TimeSpan timeout)
        {
            var info = new ProcessStartInfo(fileName, ArgumentQuoting.Join(arguments, ArgumentQuoting.Current))
            {
                UseShellExecute = false,
                CreateNoWindow = true,
                RedirectStandardOutput = true,
                RedirectStandardError = false,
                RedirectStandardInput = true,
            };
            try
            {
                using (var process = Process.Start(info))
                {
                    process.StandardInput.Close();
                    var output = process.StandardOutput.ReadToEndAsync();
                    if (!process.WaitForExit((int)timeout.TotalMilliseconds))
                    {
                        try
                        {
                            process.Kill();
                        }
                        catch (InvalidOperationException)
                        {
                        }
                        return null;
                    }
                    return process.ExitCode == 0 && output.Wait(timeout) ? output.Result : null;
                }
            }
            catch (Exception e) when (e is System.ComponentModel.Win32Exception || e is InvalidOperationException || e is System.IO.IOException)
            {
                return null;
            }
        }

        private sealed class Started : IStartedProcess
        {
            private readonly Process process;

            public Started(Process process)
            {
                this.process = process;
                Id = process.Id;
            }

            public int Id { get; }
            public bool HasExited => process.HasExited;
            public int ExitCode => process.ExitCode;
        }
    }
}
