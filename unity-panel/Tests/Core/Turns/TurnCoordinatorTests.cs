using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Turns;
using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Turns
{
    /// <summary>The coordinator fed with chat events as the connection delivers them: hold, compile results, auto-fix, reloads.</summary>
    public class TurnCoordinatorTests
    {
        private FakeAssetRefresh editor;
        private FakeUndoStack undo;
        private DictionaryTurnMemory memory;
        private long now;

        [SetUp]
        public void SetUp()
        {
            editor = new FakeAssetRefresh();
            undo = new FakeUndoStack();
            memory = new DictionaryTurnMemory();
            now = 1000;
        }

        private TurnCoordinator New() => new TurnCoordinator(editor, undo, memory, () => now);

        private static void Turn(TurnCoordinator c, string chat, string turn, int writes, bool ok = true)
        {
            c.OnEvent(chat, TurnEv.User(turn, "make the player jump"));
            c.OnEvent(chat, TurnEv.Started(turn));
            for (var i = 0; i < writes; i++) c.OnEvent(chat, TurnEv.Write(turn, "Assets/S" + i + ".cs"));
            c.OnEvent(chat, TurnEv.Result(turn, ok));
        }

        [Test]
        public void ATenFileTurnRefreshesOnceAfterItsResult()
        {
            var c = New();
            c.OnEvent("c1", TurnEv.Started("t1"));
            for (var i = 0; i < 10; i++) c.OnEvent("c1", TurnEv.Write("t1", "Assets/S" + i + ".cs"));
            Assert.That(editor.Refreshes, Is.EqualTo(0));
            Assert.That(editor.Outstanding, Is.EqualTo(1));
            c.OnEvent("c1", TurnEv.Result("t1"));
            Assert.That(editor.Refreshes, Is.EqualTo(1));
            Assert.That(editor.Outstanding, Is.EqualTo(0));
            Assert.That(c.Compiles.Get("c1", "t1").State, Is.EqualTo(TurnCompileState.Waiting));
        }

        [Test]
        public void WritesOutsideAssetsAndPackagesDoNotHold()
        {
            var c = New();
            c.OnEvent("c1", TurnEv.Started("t1"));
            c.OnEvent("c1", TurnEv.Write("t1", null));
            Assert.That(editor.Calls, Is.Empty);
        }

        [Test]
        public void AFailedTurnReleasesToo()
        {
            var c = New();
            Turn(c, "c1", "t1", 3, ok: false);
            Assert.That(editor.Outstanding, Is.EqualTo(0));
            Assert.That(editor.Refreshes, Is.EqualTo(1));
        }

        [Test]
        public void AChatThatClosesOrErrorsMidTurnReleases()
        {
            var c = New();
            c.OnEvent("c1", TurnEv.Started("t1"));
            c.OnEvent("c1", TurnEv.Write("t1", "Assets/A.cs"));
            c.OnEvent("c1", new StateEvent { State = ChatStates.Errored });
            Assert.That(editor.Outstanding, Is.EqualTo(0));
            Assert.That(editor.Refreshes, Is.EqualTo(1));
        }

        [Test]
        public void BatchingOffNeverHolds()
        {
            var c = New();
            c.Options.BatchRecompiles = false;
            Turn(c, "c1", "t1", 10);
            Assert.That(editor.Calls, Is.Empty, "Unity's own auto refresh does the work");
        }

        [Test]
        public void TurningBatchingOffMidTurnReleasesAtOnce()
        {
            var c = New();
            c.OnEvent("c1", TurnEv.Started("t1"));
            c.OnEvent("c1", TurnEv.Write("t1", "Assets/A.cs"));
            c.SetBatching(false);
            Assert.That(editor.Calls, Is.EqualTo(new[] { "disallow", "allow", "refresh" }));
        }

        [Test]
        public void TwoChatsAtOnceGiveOneRefreshAndBothTurnsGetTheCompileResult()
        {
            var c = New();
            c.OnEvent("a", TurnEv.Started("ta"));
            c.OnEvent("b", TurnEv.Started("tb"));
            c.OnEvent("a", TurnEv.Write("ta", "Assets/A.cs"));
            c.OnEvent("b", TurnEv.Write("tb", "Assets/B.cs"));
            c.OnEvent("a", TurnEv.Result("ta"));
            Assert.That(editor.Refreshes, Is.EqualTo(0));
            c.OnEvent("b", TurnEv.Result("tb"));
            Assert.That(editor.Refreshes, Is.EqualTo(1));
            Assert.That(editor.Disallows, Is.EqualTo(1));
            c.CompileStarted();
            c.CompileFinished(new CompileError[0]);
            Assert.That(c.Compiles.Get("a", "ta").State, Is.EqualTo(TurnCompileState.Succeeded));
            Assert.That(c.Compiles.Get("b", "tb").State, Is.EqualTo(TurnCompileState.Succeeded));
        }

        [Test]
        public void AReloadMidTurnKeepsTheHoldWhenTheReplayShowsTheTurnStillRunningThenReleasesAtItsResult()
        {
            var before = New();
            before.OnEvent("c1", TurnEv.Started("t1"));
            before.OnEvent("c1", TurnEv.Write("t1", "Assets/A.cs"));
            var after = New();
            after.Restore(new[] { "c1" });
            after.Disconnected();
            Assert.That(after.Hold.State, Is.EqualTo(HoldState.Holding));
            after.Connected();
            after.OnEvent("c1", TurnEv.Write("t1", "Assets/B.cs"));
            now += RefreshHold.SafetyMs * 2;
            after.Tick(false);
            Assert.That(editor.Outstanding, Is.EqualTo(1), "connected and the turn runs: kept");
            after.OnEvent("c1", TurnEv.Result("t1"));
            Assert.That(editor.Disallows, Is.EqualTo(1));
            Assert.That(editor.Outstanding, Is.EqualTo(0));
            Assert.That(editor.Refreshes, Is.EqualTo(1));
        }

        [Test]
        public void AReloadWhoseSnapshotShowsTheTurnEndedReleases()
        {
            var before = New();
            before.OnEvent("c1", TurnEv.Started("t1"));
            before.OnEvent("c1", TurnEv.Write("t1", "Assets/A.cs"));
            var after = New();
            after.Restore(new[] { "c1" });
            after.OnSnapshot("c1", new PanelEvent[] { TurnEv.User("t1", "x"), TurnEv.Started("t1"), TurnEv.Result("t1") });
            Assert.That(editor.Outstanding, Is.EqualTo(0));
            Assert.That(editor.Refreshes, Is.EqualTo(1));
        }

        [Test]
        public void AReloadWithTheSidecarGoneReleasesAfterTheSafetyTime()
        {
            var before = New();
            before.OnEvent("c1", TurnEv.Started("t1"));
            before.OnEvent("c1", TurnEv.Write("t1", "Assets/A.cs"));
            var after = New();
            after.Restore(new[] { "c1" });
            now += RefreshHold.SafetyMs - 1;
            after.Tick(false);
            Assert.That(editor.Outstanding, Is.EqualTo(1));
            now += 1;
            after.Tick(false);
            Assert.That(editor.Outstanding, Is.EqualTo(0));
            Assert.That(editor.Refreshes, Is.EqualTo(1));
        }

        [Test]
        public void ARevertOfAnAssetRefreshesOnceAndAttachesTheCompileToTheTurn()
        {
            var c = New();
            c.Options.BatchRecompiles = false;
            c.OnEvent("c1", new TurnFilesEvent { TurnId = "t1", Files = new List<TurnFileChange> { new TurnFileChange { Path = "/p/Assets/A.cs", AssetPath = "Assets/A.cs", Change = "modified" }, new TurnFileChange { Path = "/p/notes.txt", Change = "created" } } });
            c.OnEvent("c1", new FilesRevertedEvent { TurnId = "t1", Restored = new List<string> { "/p/notes.txt" } });
            Assert.That(editor.Refreshes, Is.EqualTo(0), "no asset among them");
            c.OnEvent("c1", new FilesRevertedEvent { TurnId = "t1", Restored = new List<string> { "/p/Assets/A.cs", "/p/notes.txt" } });
            Assert.That(editor.Refreshes, Is.EqualTo(1));
            Assert.That(c.Compiles.Get("c1", "t1").State, Is.EqualTo(TurnCompileState.Waiting));
        }

        [Test]
        public void ARefreshThatStartsNoCompilationEndsAsNothingToCompile()
        {
            var c = New();
            Turn(c, "c1", "t1", 1);
            now += TurnCompileBook.NoCompileAfterMs - 1;
            c.Tick(false);
            Assert.That(c.Compiles.Get("c1", "t1").State, Is.EqualTo(TurnCompileState.Waiting));
            now += 1;
            c.Tick(true);
            Assert.That(c.Compiles.Get("c1", "t1").State, Is.EqualTo(TurnCompileState.Waiting), "Unity is compiling");
            c.Tick(false);
            Assert.That(c.Compiles.Get("c1", "t1").State, Is.EqualTo(TurnCompileState.NothingToCompile));
        }

        [Test]
        public void ACompileCutByAReloadCountsAsSucceeded()
        {
            var before = New();
            Turn(before, "c1", "t1", 1);
            before.CompileStarted();
            var after = New();
            after.Restore(new[] { "c1" });
            Assert.That(after.Compiles.Get("c1", "t1").State, Is.EqualTo(TurnCompileState.Succeeded));
        }

        [Test]
        public void FailedCompileErrorsGoBackOnlyWhenTheSettingIsOnAndToTheChatThatWroteTheFile()
        {
            var c = New();
            var sent = new List<string>();
            c.AutoFixWanted += (chat, text) => sent.Add(chat + ": " + text);
            var errors = new[] { new CompileError("Assets/S0.cs(3,1): error CS1002: ; expected", "Assets/S0.cs", 3) };
            Turn(c, "c1", "t1", 1);
            c.CompileFinished(errors);
            Assert.That(sent, Is.Empty, "off by default");
            Assert.That(c.FixPrompt("c1", "t1"), Does.Contain("Assets/S0.cs:3: error CS1002: ; expected"));
            c.Options.AutoFixCompileErrors = true;
            Turn(c, "other", "t9", 0);
            Turn(c, "c1", "t2", 1);
            c.CompileFinished(errors);
            Assert.That(sent, Has.Count.EqualTo(1));
            Assert.That(sent[0], Does.StartWith("c1: "));
        }

        [Test]
        public void TheAutomaticFollowUpStopsWhenTheSameErrorsComeBack()
        {
            var c = New();
            c.Options.AutoFixCompileErrors = true;
            var sent = new List<string>();
            c.AutoFixWanted += (chat, text) => sent.Add(text);
            var errors = new[] { new CompileError("Assets/S0.cs(3,1): error CS1002: ; expected", "Assets/S0.cs", 3) };
            Turn(c, "c1", "t1", 1);
            c.CompileFinished(errors);
            Assert.That(sent, Has.Count.EqualTo(1));
            // The automatic message comes back as the next turn's user_message; it does not reset the guard.
            c.OnEvent("c1", TurnEv.User("t2", sent[0]));
            c.OnEvent("c1", TurnEv.Started("t2"));
            c.OnEvent("c1", TurnEv.Write("t2", "Assets/S0.cs"));
            c.OnEvent("c1", TurnEv.Result("t2"));
            c.CompileFinished(errors);
            Assert.That(sent, Has.Count.EqualTo(1));
        }
    }
}
