using System;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;

namespace AgentPanel.Core.Launch
{
    /// <summary>What we know about the project's sidecar.</summary>
    internal enum SidecarState
    {
        /// <summary>No (valid) descriptor: nothing was started, or it exited cleanly.</summary>
        NotRunning,
        /// <summary>A descriptor whose process is gone or does not answer as itself (crash, reused pid/port): start a new one.</summary>
        Stale,
        /// <summary>The descriptor's process answers /health with the proof of our token and its pid: reuse it.</summary>
        Healthy,
    }

    /// <summary>Result of <see cref="SidecarCheck.RunAsync"/>: the state, the descriptor if any, and why it is not healthy.</summary>
    internal sealed class SidecarStatus
    {
        public SidecarStatus(SidecarState state, SidecarDescriptor descriptor, string reason)
        {
            State = state;
            Descriptor = descriptor;
            Reason = reason;
        }

        public SidecarState State { get; }
        public SidecarDescriptor Descriptor { get; }
        public string Reason { get; }
    }

    /// <summary>Tells a healthy sidecar from a stale one: descriptor present and valid, its pid alive, and /health proving it holds our token and naming that pid.</summary>
    internal sealed class SidecarCheck
    {
        private readonly ISidecarProbe probe;
        private readonly Func<int, bool> processAlive;

        public SidecarCheck(ISidecarProbe probe = null, Func<int, bool> processAlive = null)
        {
            this.probe = probe ?? new HttpSidecarProbe();
            this.processAlive = processAlive ?? IsProcessAlive;
        }

        /// <summary>Judge the sidecar the descriptor file describes.</summary>
        public async Task<SidecarStatus> RunAsync(string descriptorFile, CancellationToken cancellation = default)
        {
            var descriptor = SidecarDescriptor.TryRead(descriptorFile);
            if (descriptor == null) return new SidecarStatus(SidecarState.NotRunning, null, "no valid descriptor at " + descriptorFile);
            if (!processAlive(descriptor.Pid)) return new SidecarStatus(SidecarState.Stale, descriptor, "process " + descriptor.Pid + " is not running");
            var verdict = await probe.ProbeAsync(descriptor.Endpoint, cancellation).ConfigureAwait(false);
            switch (verdict)
            {
                case HealthVerdict.Healthy:
                    return new SidecarStatus(SidecarState.Healthy, descriptor, null);
                case HealthVerdict.Unauthorized:
                    return new SidecarStatus(SidecarState.Stale, descriptor, "what answers on port " + descriptor.Port + " cannot prove it holds the descriptor's token");
                case HealthVerdict.WrongProcess:
                    return new SidecarStatus(SidecarState.Stale, descriptor, "port " + descriptor.Port + " answers for another process");
                default:
                    return new SidecarStatus(SidecarState.Stale, descriptor, "nothing answers on port " + descriptor.Port);
            }
        }

        /// <summary>True when a process with this id exists.</summary>
        public static bool IsProcessAlive(int pid)
        {
            try
            {
                using (var process = Process.GetProcessById(pid)) return !process.HasExited;
            }
            catch (Exception e) when (e is ArgumentException || e is InvalidOperationException || e is System.ComponentModel.Win32Exception || e is NotSupportedException)
            {
                return false;
            }
        }
    }
}
