using System;
using System.IO;
using AgentPanel.Core.Connection;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Connection
{
    /// <summary>The panel's diagnostics file: stamped lines, folded repeats, roll-over, and no exception when it cannot be written.</summary>
    public class DiagnosticLogTests
    {
        private string dir;

        [SetUp]
        public void SetUp()
        {
            dir = Path.Combine(Path.GetTempPath(), "ap-log-" + Path.GetRandomFileName());
        }

        [TearDown]
        public void TearDown()
        {
            if (Directory.Exists(dir)) Directory.Delete(dir, true);
        }

        [Test]
        public void RepeatedLinesAreFoldedIntoACountAndEveryLineIsStamped()
        {
            var log = new DiagnosticLog(Path.Combine(dir, "Library", "AgentPanel", "panel.log"), () => new DateTime(2026, 11, 29, 23, 5, 0, DateTimeKind.Utc));
            log.Write("connect failed: sidecar_unreachable");
            log.Write("connect failed: sidecar_unreachable");
            log.Write("connect failed: sidecar_unreachable");
            log.Write("connected\r\nto 27201");
            var lines = File.ReadAllLines(log.Path);
            Assert.That(lines, Is.EqualTo(new[]
            {
                "2026-11-29 23:05:00.000Z connect failed: sidecar_unreachable",
                "2026-11-29 23:05:00.000Z (previous line repeated 2 more times)",
                "2026-11-29 23:05:00.000Z connected  to 27201",
            }));
        }

        [Test]
        public void ABigFileStartsOverAndKeepsThePreviousOne()
        {
            var path = Path.Combine(dir, "panel.log");
            Directory.CreateDirectory(dir);
            File.WriteAllText(path, new string('x', (int)DiagnosticLog.MaxBytes + 1));
            new DiagnosticLog(path).Write("fresh");
            Assert.That(new FileInfo(path + ".1").Length, Is.GreaterThan(DiagnosticLog.MaxBytes));
            Assert.That(File.ReadAllText(path), Does.EndWith("fresh\n"));
        }

        [Test]
        public void AnUnwritableLogIsSkippedWithoutAnException()
        {
            Directory.CreateDirectory(dir);
            var blocker = Path.Combine(dir, "not-a-folder");
            File.WriteAllText(blocker, "");
            var log = new DiagnosticLog(Path.Combine(blocker, "panel.log"));
            Assert.DoesNotThrow(() => log.Write("line"));
        }
    }
}
