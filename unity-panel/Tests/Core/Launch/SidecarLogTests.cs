using System;
using System.IO;
using System.Text;
using AgentPanel.Core;
using AgentPanel.Core.Launch;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Launch
{
    /// <summary>sidecar.log is shared with a sidecar that may still write it, and a failure to write it names its real cause.</summary>
    public class SidecarLogTests
    {
        private string dir;
        private string log;

        [SetUp]
        public void SetUp()
        {
            dir = Path.Combine(Path.GetTempPath(), "ap-log-" + Path.GetRandomFileName());
            log = Path.Combine(dir, "Library", "AgentPanel", "sidecar.log");
        }

        [TearDown]
        public void TearDown()
        {
            if (Directory.Exists(dir)) Directory.Delete(dir, true);
        }

        [Test]
        public void OpensShareReadWriteAndDelete()
        {
            Assert.That(SidecarLog.Sharing & FileShare.Write, Is.EqualTo(FileShare.Write), "an old sidecar may still be writing (Windows refuses otherwise)");
            Assert.That(SidecarLog.Sharing & FileShare.Delete, Is.EqualTo(FileShare.Delete));
        }

        [Test]
        public void AppendsAndReadsTheTailWhileAnotherProcessWritesTheFile()
        {
            SidecarLog.AppendLine(log, "--- first start");
            // The old sidecar's handle: open for writing, sharing like a shell's >> redirection does.
            using (var writer = new FileStream(log, FileMode.Append, FileAccess.Write, FileShare.ReadWrite | FileShare.Delete))
            {
                var bytes = Encoding.UTF8.GetBytes("old sidecar line\n");
                writer.Write(bytes, 0, bytes.Length);
                writer.Flush();
                SidecarLog.AppendLine(log, "--- second start");
                Assert.That(SidecarLog.Tail(log), Is.EqualTo("--- first start\nold sidecar line\n--- second start"));
            }
            Assert.That(SidecarLog.Tail(log, 1), Is.EqualTo("--- second start"));
        }

        [Test]
        public void TheTailOfAMissingOrEmptyLogSaysSo()
        {
            Assert.That(SidecarLog.Tail(log), Does.StartWith("(log not readable:"));
            SidecarLog.AppendLine(log, "");
            File.WriteAllText(log, "");
            Assert.That(SidecarLog.Tail(log), Is.EqualTo("(empty)"));
        }

        [Test]
        public void OnlyAccessDeniedBlamesPermissions()
        {
            var denied = SidecarLog.WriteProblem(log, new UnauthorizedAccessException("Access to the path is denied."));
            Assert.That(denied, Does.Contain("access denied").And.Contain("permissions"));
            var locked = SidecarLog.WriteProblem(log, new IOException("The process cannot access the file because it is being used by another process.", unchecked((int)0x80070020)));
            Assert.That(locked, Does.Contain("another program has it open").And.Not.Contain("permissions"));
            var missing = SidecarLog.WriteProblem(log, new DirectoryNotFoundException("Could not find a part of the path."));
            Assert.That(missing, Does.Contain("path is not usable").And.Not.Contain("permissions"));
            var full = SidecarLog.WriteProblem(log, new IOException("No space left on device"));
            Assert.That(full, Does.Contain("free space").And.Not.Contain("permissions"));
        }

        [Test]
        public void AnUnwritableLogIsATypedLaunchError()
        {
            Directory.CreateDirectory(log); // a folder where the file should be
            var error = Assert.Throws<SidecarLaunchException>(() => SidecarLog.AppendLine(log, "x"));
            Assert.That(error.Code, Is.EqualTo(ErrorCodes.SidecarStartFailed));
            Assert.That(error.Message, Does.Contain(log));
        }
    }
}
