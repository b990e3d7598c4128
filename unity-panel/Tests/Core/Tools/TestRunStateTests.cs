using System;
using AgentPanel.Core.Tools;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>A test run that never starts or never reports its end stops counting as busy, with an error saying what to do.</summary>
    public class TestRunStateTests
    {
        private static readonly DateTimeOffset T0 = new DateTimeOffset(2026, 1, 1, 12, 0, 0, TimeSpan.Zero);

        [Test]
        public void ARunThatNeverStartsFailsAfterTheStartLimit()
        {
            var run = TestRunState.Starting("edit", T0, 600);
            Assert.That(run.CheckTimeouts(T0.AddSeconds(TestRunState.StartTimeoutSeconds - 1)), Is.False);
            Assert.That(run.Busy, Is.True);
            Assert.That(run.CheckTimeouts(T0.AddSeconds(TestRunState.StartTimeoutSeconds)), Is.True);
            Assert.That(run.status, Is.EqualTo("failed"));
            Assert.That(run.Busy, Is.False, "a new run may start");
            Assert.That(run.error, Does.Contain("did not start within 120 s").And.Contain("call tests again"));
        }

        [Test]
        public void ARunningRunIsAliveWhileTestsReportAndFailsWhenTheyStop()
        {
            var run = TestRunState.Starting("play", T0, 60);
            run.RunStarted(3, T0.AddSeconds(5));
            run.TestStarted(T0.AddSeconds(50));
            run.TestFinished("A.One", "passed", null, null, T0.AddSeconds(100));
            Assert.That(run.CheckTimeouts(T0.AddSeconds(159)), Is.False, "59 s since the last test finished");
            Assert.That(run.status, Is.EqualTo("running"));
            Assert.That(run.CheckTimeouts(T0.AddSeconds(160)), Is.True);
            Assert.That(run.status, Is.EqualTo("failed"));
            Assert.That(run.error, Does.Contain("never reported its end"));
            Assert.That(run.passed, Is.EqualTo(1), "counts seen so far stay");
        }

        [Test]
        public void AnErrorCallbackEndsTheRun()
        {
            var run = TestRunState.Starting("edit", T0, 600);
            run.Failed("compile error in MyGame.Tests", T0.AddSeconds(2));
            Assert.That(run.Busy, Is.False);
            Assert.That(run.error, Is.EqualTo("compile error in MyGame.Tests"));
            Assert.That(run.CheckTimeouts(T0.AddHours(1)), Is.False, "a finished run has no limit");
        }

        [Test]
        public void CountsAndFailuresFollowTheCallbacksAndTheFrameworksTotalsWin()
        {
            var run = TestRunState.Starting("edit", T0, 600);
            run.RunStarted(3, T0);
            run.TestFinished("A.One", "passed", null, null, T0);
            run.TestFinished("A.Two", "failed", "Expected 1", "at A.Two()", T0);
            run.TestFinished("A.Three", "skipped", null, null, T0);
            Assert.That(new[] { run.passed, run.failed, run.skipped }, Is.EqualTo(new[] { 1, 1, 1 }));
            Assert.That(run.failures[0].test, Is.EqualTo("A.Two"));
            Assert.That(run.passed_tests, Is.EqualTo(new[] { "A.One" }));
            run.RunFinished(2, 1, 0, T0.AddSeconds(1));
            Assert.That(run.status, Is.EqualTo("finished"));
            Assert.That(new[] { run.passed, run.failed, run.skipped }, Is.EqualTo(new[] { 2, 1, 0 }));
        }

        [Test]
        public void TheStallLimitHasAFloor()
        {
            var run = TestRunState.Starting("edit", T0, 0);
            Assert.That(run.stall_seconds, Is.EqualTo(10));
        }

        [Test]
        public void SurvivesTheJsonRoundTripOfSessionState()
        {
            var run = TestRunState.Starting("edit", T0, 300);
            run.RunStarted(2, T0);
            var copy = Newtonsoft.Json.JsonConvert.DeserializeObject<TestRunState>(Newtonsoft.Json.JsonConvert.SerializeObject(run));
            Assert.That(copy.CheckTimeouts(T0.AddSeconds(300)), Is.True, "the last sign of life and the limit are kept");
        }
    }
}
