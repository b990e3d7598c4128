using AgentPanel.Core.Turns;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Turns
{
    /// <summary>One Undo step per agent turn and what "Undo this turn" does, on a fake Undo stack.</summary>
    public class TurnUndoBookTests
    {
        private FakeUndoStack undo;
        private TurnUndoBook book;

        [SetUp]
        public void SetUp()
        {
            undo = new FakeUndoStack();
            book = new TurnUndoBook(undo);
        }

        private void Change(string what)
        {
            undo.Record(what);
            book.Changed();
        }

        [Test]
        public void TheGroupIsNamedAfterTheFirstFortyCharactersOfThePrompt()
        {
            Assert.That(TurnUndoBook.GroupName("Make the player\njump higher and add a double jump please"), Is.EqualTo("Agent turn: Make the player jump higher and add a do…"));
            Assert.That(TurnUndoBook.GroupName(""), Is.EqualTo("Agent turn"));
        }

        [Test]
        public void EveryChangeOfTheTurnCollapsesIntoOneStepAndOneUndoRevertsIt()
        {
            Change("before");
            book.TurnStarted("c", "t", "add enemies");
            Change("create enemy");
            Change("move enemy");
            book.TurnEnded("c", "t");
            Assert.That(undo.Calls, Does.Contain("collapse 12"));
            var plan = book.Plan("c", "t");
            Assert.That(plan.Action, Is.EqualTo(TurnUndoAction.UndoOnce));
            book.Perform(plan);
            Assert.That(undo.Left(), Is.EqualTo(new[] { "before" }));
            Assert.That(book.Plan("c", "t").Action, Is.EqualTo(TurnUndoAction.None), "undone already");
        }

        [Test]
        public void ATurnThatRecordedNothingIsNotCollapsedAndOffersNoUndo()
        {
            book.TurnStarted("c", "t", "explain the code");
            book.TurnEnded("c", "t");
            Assert.That(undo.Calls, Has.None.StartsWith("collapse"));
            Assert.That(book.Plan("c", "t").Action, Is.EqualTo(TurnUndoAction.None));
        }

        [Test]
        public void ARunningTurnOffersNoUndo()
        {
            book.TurnStarted("c", "t", "x");
            Change("a");
            Assert.That(book.Plan("c", "t").Action, Is.EqualTo(TurnUndoAction.None));
        }

        [Test]
        public void ChangesAfterTheTurnNeedAConfirmationAndThenRevertDownToTheTurnsGroup()
        {
            book.TurnStarted("c", "t", "x");
            Change("agent");
            book.TurnEnded("c", "t");
            Change("user later");
            var plan = book.Plan("c", "t");
            Assert.That(plan.Action, Is.EqualTo(TurnUndoAction.ConfirmRevert));
            Assert.That(plan.Confirm, Does.Contain("changed in the Editor after this turn"));
            book.Perform(plan);
            Assert.That(undo.Calls, Does.Contain("revert " + plan.Group));
            Assert.That(undo.Left(), Is.Empty);
        }

        [Test]
        public void OverlappingTurnsOfTwoChatsShareOneStepCollapsedWhenTheLastEnds()
        {
            book.TurnStarted("a", "ta", "first");
            Change("a1");
            book.TurnStarted("b", "tb", "second");
            Change("b1");
            book.TurnEnded("a", "ta");
            Assert.That(undo.Calls, Has.None.StartsWith("collapse"), "b still runs");
            book.TurnEnded("b", "tb");
            Assert.That(undo.Calls, Has.Exactly(1).StartsWith("collapse"));
            Assert.That(book.Get("b", "tb").Group, Is.EqualTo(book.Get("a", "ta").Group));
            var plan = book.Plan("b", "tb");
            Assert.That(plan.Action, Is.EqualTo(TurnUndoAction.ConfirmRevert));
            Assert.That(plan.Confirm, Does.Contain("Another chat's turn"));
        }

        [Test]
        public void TheBookSurvivesADomainReload()
        {
            book.TurnStarted("c", "t", "x");
            Change("agent");
            var saved = book.Save();
            var after = new TurnUndoBook(undo);
            after.Restore(saved);
            after.TurnEnded("c", "t");
            Assert.That(after.Plan("c", "t").Action, Is.EqualTo(TurnUndoAction.UndoOnce));
        }
    }
}
