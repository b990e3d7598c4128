using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using AgentPanel.Core.Tools;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>A tool call's Undo group closes when its synchronous part returns, so later user edits stay out of it.</summary>
    public class MainThreadCallTests
    {
        /// <summary>Records Begin/End and which group each "edit" lands in.</summary>
        private sealed class UndoRecorder : IUndoGroups
        {
            public readonly List<string> Log = new List<string>();
            public int Current;
            private int next = 1;

            public int Begin(string name)
            {
                Current = next++;
                Log.Add($"begin {Current} {name}");
                return Current;
            }

            public void End(int group)
            {
                Log.Add($"end {group}");
                Current = next++;
            }

            public void Edit(string what) => Log.Add($"{what} in {Current}");
        }

        private static readonly ToolDescriptor Tool = new ToolDescriptor { Name = "gameobject", UndoGroup = "Agent: gameobject" };

        [Test]
        public void AnAsyncToolsGroupClosesBeforeItFinishesSoTheUsersEditsAreNotFoldedIn()
        {
            var undo = new UndoRecorder();
            var later = new TaskCompletionSource<ToolOutcome>();
            var posted = new List<Action>();
            var done = new TaskCompletionSource<ToolOutcome>();
            MainThreadCall.Run(Tool, () =>
            {
                undo.Edit("tool edit");
                return later.Task;
            }, undo, posted.Add, done);
            undo.Edit("user edit");
            Assert.That(undo.Log, Is.EqualTo(new[] { "begin 1 Agent: gameobject", "tool edit in 1", "end 1", "user edit in 2" }));
            Assert.That(done.Task.IsCompleted, Is.False, "the call still runs");
            later.SetResult(ToolOutcome.Text("ok"));
            Assert.That(done.Task.IsCompleted, Is.False, "finished on the main thread, through the queue");
            Assert.That(posted.Count, Is.EqualTo(1));
            posted[0]();
            Assert.That(done.Task.Result.Ok, Is.True);
            Assert.That(undo.Log.FindAll(l => l.StartsWith("end")).Count, Is.EqualTo(1), "the group is not collapsed again at the end");
        }

        [Test]
        public void ASynchronousToolCompletesAtOnceInsideItsGroup()
        {
            var undo = new UndoRecorder();
            var done = new TaskCompletionSource<ToolOutcome>();
            MainThreadCall.Run(Tool, () =>
            {
                undo.Edit("tool edit");
                return Task.FromResult(ToolOutcome.Text("ok"));
            }, undo, _ => Assert.Fail("nothing to post"), done);
            Assert.That(done.Task.Result.Ok, Is.True);
            Assert.That(undo.Log, Is.EqualTo(new[] { "begin 1 Agent: gameobject", "tool edit in 1", "end 1" }));
        }

        [Test]
        public void AThrowingToolClosesItsGroupAndAnswersWithTheError()
        {
            var undo = new UndoRecorder();
            var done = new TaskCompletionSource<ToolOutcome>();
            MainThreadCall.Run(Tool, () => throw new InvalidOperationException("boom"), undo, _ => { }, done);
            Assert.That(undo.Log, Is.EqualTo(new[] { "begin 1 Agent: gameobject", "end 1" }));
            Assert.That(done.Task.Result.Ok, Is.False);
            Assert.That(done.Task.Result.Content[0].Text, Is.EqualTo("gameobject failed: boom"));
        }

        [Test]
        public void AFaultedOrCancelledAsyncToolBecomesAnErrorOutcome()
        {
            foreach (var (finish, expected) in new (Action<TaskCompletionSource<ToolOutcome>>, string)[]
            {
                (t => t.SetException(new Exception("late")), "gameobject failed: late"),
                (t => t.SetCanceled(), "The call of gameobject was cancelled."),
            })
            {
                var later = new TaskCompletionSource<ToolOutcome>();
                var done = new TaskCompletionSource<ToolOutcome>();
                MainThreadCall.Run(Tool, () => later.Task, new UndoRecorder(), a => a(), done);
                finish(later);
                Assert.That(done.Task.Result.Content[0].Text, Is.EqualTo(expected));
            }
        }
    }
}
