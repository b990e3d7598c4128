using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Shell
{
    /// <summary>"Reconnected after recompile" only after a recompile, never after entering or leaving Play Mode.</summary>
    public class ReloadCauseTests
    {
        [Test]
        public void AReloadWithoutAPlayModeChangeIsARecompile()
        {
            Assert.That(new ReloadCauseTracker().ReloadStarting, Is.EqualTo(ReloadCause.Recompile));
        }

        [Test]
        public void TheReloadsThatEnterAndLeavePlayModeAreNotRecompiles()
        {
            var entering = new ReloadCauseTracker();
            entering.Observe(PlayModeTransition.ExitingEditMode);
            Assert.That(entering.ReloadStarting, Is.EqualTo(ReloadCause.PlayMode));
            var leaving = new ReloadCauseTracker();
            leaving.Observe(PlayModeTransition.ExitingPlayMode);
            Assert.That(leaving.ReloadStarting, Is.EqualTo(ReloadCause.PlayMode));
        }

        [Test]
        public void WithDomainReloadDisabledARecompileDuringOrAfterPlayModeIsStillARecompile()
        {
            var tracker = new ReloadCauseTracker();
            tracker.Observe(PlayModeTransition.ExitingEditMode);
            tracker.Observe(PlayModeTransition.EnteredPlayMode); // no reload happened in between
            Assert.That(tracker.ReloadStarting, Is.EqualTo(ReloadCause.Recompile), "scripts changed while playing");
            tracker.Observe(PlayModeTransition.ExitingPlayMode);
            tracker.Observe(PlayModeTransition.EnteredEditMode);
            Assert.That(tracker.ReloadStarting, Is.EqualTo(ReloadCause.Recompile));
        }

        [Test]
        public void TheBannerNeedsARecompileAndRestoredChats()
        {
            Assert.That(ReloadCauseTracker.BannerAfter(ReloadCause.Recompile, 2), Does.StartWith("Reconnected after recompile"));
            Assert.That(ReloadCauseTracker.BannerAfter(ReloadCause.Recompile, 0), Is.Null, "nothing was running");
            Assert.That(ReloadCauseTracker.BannerAfter(ReloadCause.PlayMode, 2), Is.Null);
            Assert.That(ReloadCauseTracker.BannerAfter(ReloadCause.None, 2), Is.Null);
        }
    }
}
