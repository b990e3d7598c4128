using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Launch;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Launch
{
    /// <summary>Reuse-or-start logic with a fake process runner: no node, no sidecar needed.</summary>
    public class SidecarLauncherTests
    {
        private string root;
        private HostPlatform platform;
        private FakeRunner runner;
        private LaunchRequest request;
        private string descriptorFile;

        [SetUp]
        public void SetUp()
        {
            root = Path.Combine(Path.GetTempPath(), "ap-launch-" + Path.GetRandomFileName());
            Directory.CreateDirectory(Path.Combine(root, "data"));
            Directory.CreateDirectory(Path.Combine(root, "bin"));
            File.WriteAllText(Path.Combine(root, "bin", "node"), "");
            File.WriteAllText(Path.Combine(root, "agent-panel.mjs"), "");
            var env = new Dictionary<string, string> { { "XDG_DATA_HOME", Path.Combine(root, "data") }, { "PATH", Path.Combine(root, "bin") } };
            platform = new HostPlatform(HostOs.Linux, k => env.TryGetValue(k, out var v) ? v : null, root);
            descriptorFile = DescriptorLocation.For("/projects/Game", platform).DescriptorFile;
            runner = new FakeRunner();
            request = new LaunchRequest { ProjectRoot = "/projects/Game", ParentPid = 77, SidecarScript = Path.Combine(root, "agent-panel.mjs"), LogFile = Path.Combine(root, "Library", "AgentPanel", "sidecar.log"), StartTimeout = TimeSpan.FromSeconds(2) };
        }

        [TearDown]
        public void TearDown()
        {
            Directory.Delete(root, true);
        }

        private SidecarLauncher Launcher()
        {
            var check = new SidecarCheck(new PidProbe(), _ => true);
            return new SidecarLauncher(platform, check, runner, (d, c) => Task.Delay(5, c)) { PollInterval = TimeSpan.FromMilliseconds(5) };
        }

        private void WriteDescriptor(int pid)
        {
            Directory.CreateDirectory(Path.GetDirectoryName(descriptorFile));
            File.WriteAllText(descriptorFile, "{\"pid\":" + pid + ",\"port\":27301,\"token\":\"tok\",\"version\":\"1\",\"startedAt\":\"now\",\"project\":\"/projects/Game\"}");
        }

        [Test]
        public void ReusesAHealthySidecarWithoutStartingAnything()
        {
            WriteDescriptor(PidProbe.HealthyPid);
            var endpoint = Launcher().EnsureRunningAsync(request).GetAwaiter().GetResult();
            Assert.That(endpoint.Port, Is.EqualTo(27301));
            Assert.That(runner.Started, Is.Empty);
        }

        [Test]
        public void StartsOneDetachedAndWaitsUntilItAnswers()
        {
            WriteDescriptor(999); // stale: answers as another pid
            runner.OnStart = () => WriteDescriptor(PidProbe.HealthyPid);
            var endpoint = Launcher().EnsureRunningAsync(request).GetAwaiter().GetResult();
            Assert.That(endpoint.Pid, Is.EqualTo(PidProbe.HealthyPid));
            var spec = runner.Started.Dequeue();
            Assert.That(spec.FileName, Is.EqualTo("/bin/sh"));
            Assert.That(spec.Arguments, Does.Contain("--parent-pid"));
            Assert.That(spec.Arguments[2], Is.EqualTo(Path.Combine(root, "bin", "node")));
            Assert.That(spec.Environment["PATH"], Does.StartWith(Path.Combine(root, "bin")));
            Assert.That(File.ReadAllText(request.LogFile), Does.Contain("starts the sidecar"), "the log says why a new sidecar was started");
            Assert.That(File.ReadAllText(request.LogFile), Does.Contain("another process"));
        }

        [Test]
        public void ASidecarThatExitsEarlyIsReportedWithTheEndOfItsLog()
        {
            runner.OnStart = () => File.AppendAllText(request.LogFile, "agent-panel: claude was not found\n");
            runner.ExitCode = 1;
            var error = Assert.ThrowsAsync<SidecarLaunchException>(() => Launcher().EnsureRunningAsync(request));
            Assert.That(error.Code, Is.EqualTo(ErrorCodes.SidecarStartFailed));
            Assert.That(error.Message, Does.Contain("claude was not found"));
        }

        [Test]
        public void ASidecarThatNeverAnswersTimesOut()
        {
            request.StartTimeout = TimeSpan.FromMilliseconds(100);
            var error = Assert.ThrowsAsync<SidecarLaunchException>(() => Launcher().EnsureRunningAsync(request));
            Assert.That(error.Code, Is.EqualTo(ErrorCodes.SidecarStartTimeout));
        }

        [Test]
        public void AMissingBundleOrAnOldNodeIsATypedError()
        {
            request.SidecarScript = Path.Combine(root, "gone.mjs");
            Assert.That(Assert.ThrowsAsync<SidecarLaunchException>(() => Launcher().EnsureRunningAsync(request)).Code, Is.EqualTo(ErrorCodes.SidecarMissing));
            request.SidecarScript = Path.Combine(root, "agent-panel.mjs");
            runner.Version = "v20.19.0"; // Node 20 reached its end of life: 22 is the minimum
            var old = Assert.ThrowsAsync<SidecarLaunchException>(() => Launcher().EnsureRunningAsync(request));
            Assert.That(old.Code, Is.EqualTo(ErrorCodes.NodeTooOld));
            Assert.That(old.Message, Does.Contain("20.19.0").And.Contain("22 or newer"));
            Assert.That(runner.Started, Is.Empty);
        }

        [Test]
        public void TheFirstLaunchDoesItsBlockingWorkOffTheCallingThread()
        {
            // No descriptor: the check used to complete synchronously, so node search, `node --version` and Process.Start ran
            // on the caller's thread (the Editor's main thread). The caller must get a pending task back while node is slow.
            runner.Gate = new ManualResetEventSlim(false);
            runner.OnStart = () => WriteDescriptor(PidProbe.HealthyPid);
            var checkThreads = new List<int>();
            var check = new SidecarCheck(new PidProbe(), pid =>
            {
                lock (checkThreads) checkThreads.Add(Environment.CurrentManagedThreadId);
                return true;
            });
            var launcher = new SidecarLauncher(platform, check, runner, (d, c) => Task.Delay(5, c)) { PollInterval = TimeSpan.FromMilliseconds(5) };
            var caller = Environment.CurrentManagedThreadId;
            Task<SidecarEndpoint> launch;
            try
            {
                launch = launcher.EnsureRunningAsync(request);
                Assert.That(launch.IsCompleted, Is.False, "returned while `node --version` still runs");
            }
            finally
            {
                runner.Gate.Set();
            }
            Assert.That(launch.Wait(TimeSpan.FromSeconds(10)), Is.True);
            Assert.That(launch.Result.Pid, Is.EqualTo(PidProbe.HealthyPid));
            Assert.That(runner.Threads, Has.Count.EqualTo(2), "`node --version` and the start");
            Assert.That(runner.Threads, Has.None.EqualTo(caller), "no process work on the calling thread");
            Assert.That(checkThreads, Is.Not.Empty.And.None.EqualTo(caller), "the descriptor check runs off the calling thread too");
        }

        private sealed class PidProbe : ISidecarProbe
        {
            public const int HealthyPid = 4242;

            public Task<HealthVerdict> ProbeAsync(SidecarEndpoint endpoint, CancellationToken cancellation)
            {
                return Task.FromResult(endpoint.Pid == HealthyPid ? HealthVerdict.Healthy : HealthVerdict.WrongProcess);
            }
        }

        private sealed class FakeRunner : IProcessRunner
        {
            public Queue<ProcessSpec> Started { get; } = new Queue<ProcessSpec>();
            public Action OnStart { get; set; }
            public int? ExitCode { get; set; }
            public string Version { get; set; } = "v22.11.0\n";

            public IStartedProcess Start(ProcessSpec spec)
            {
                lock (Threads) Threads.Add(Environment.CurrentManagedThreadId);
                Started.Enqueue(spec);
                OnStart?.Invoke();
                return new Process(ExitCode);
            }

            /// <summary>Held while set (a slow `node --version`); threads that ran Capture and Start.</summary>
            public ManualResetEventSlim Gate { get; set; }
            public List<int> Threads { get; } = new List<int>();

            public string Capture(string fileName, IList<string> arguments, TimeSpan timeout)
            {
                lock (Threads) Threads.Add(Environment.CurrentManagedThreadId);
                Gate?.Wait(TimeSpan.FromSeconds(10));
                return arguments.Count == 1 && arguments[0] == "--version" ? Version : null;
            }

            private sealed class Process : IStartedProcess
            {
                private readonly int? exit;
                public Process(int? exit) => this.exit = exit;
                public int Id => 1234;
                public bool HasExited => exit.HasValue;
                public int ExitCode => exit ?? 0;
            }
        }
    }
}
