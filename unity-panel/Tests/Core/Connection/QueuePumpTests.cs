using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Connection
{
    /// <summary>The Editor-update pump and the hand-off of background results to the main thread.</summary>
    public class QueuePumpTests
    {
        [Test]
        public void DrainsEveryAttachedQueueInOrderAndStopsAfterDetach()
        {
            var pump = new QueuePump();
            var a = new MainThreadQueue();
            var b = new MainThreadQueue();
            var ran = new List<string>();
            pump.Attach(a);
            pump.Attach(a);
            pump.Attach(b);
            a.Post(() => ran.Add("a1"));
            b.Post(() => ran.Add("b1"));
            a.Post(() => ran.Add("a2"));
            Assert.That(pump.Drain(), Is.EqualTo(3));
            Assert.That(ran, Is.EqualTo(new[] { "a1", "a2", "b1" }));
            pump.Detach(a);
            a.Post(() => ran.Add("a3"));
            pump.Drain();
            Assert.That(pump.Count, Is.EqualTo(1));
            Assert.That(ran, Has.Count.EqualTo(3));
        }

        [Test]
        public void ABurstIsSpreadOverUpdatesAndAFailureDoesNotStopTheDrain()
        {
            var pump = new QueuePump();
            var queue = new MainThreadQueue();
            var failures = new List<Exception>();
            pump.Failed += failures.Add;
            pump.Attach(queue);
            var ran = 0;
            queue.Post(() => throw new InvalidOperationException("boom"));
            for (var i = 0; i < 5; i++) queue.Post(() => ran++);
            Assert.That(pump.Drain(4), Is.EqualTo(4));
            Assert.That(pump.Drain(4), Is.EqualTo(2));
            Assert.That(ran, Is.EqualTo(5));
            Assert.That(failures, Has.Count.EqualTo(1));
        }

        [Test]
        public void AnEmptyDrainAllocatesNothing()
        {
            // Public on .NET and on Mono, but missing from the net48 reference assemblies: bound by reflection, called without boxing.
            var method = typeof(GC).GetMethod("GetAllocatedBytesForCurrentThread", Type.EmptyTypes);
            if (method == null) Assert.Ignore("this runtime cannot count allocations");
            var allocated = (Func<long>)Delegate.CreateDelegate(typeof(Func<long>), method);
            var pump = new QueuePump();
            pump.Attach(new MainThreadQueue());
            pump.Attach(new MainThreadQueue());
            pump.Drain(2000);
            allocated();
            var before = allocated();
            for (var i = 0; i < 10000; i++) pump.Drain(2000);
            Assert.That(allocated() - before, Is.Zero, "an idle Editor update allocates nothing");
        }

        [Test]
        public void DeliverCompletesOnlyWhenTheQueueIsDrainedOnTheDrainingThread()
        {
            var queue = new MainThreadQueue();
            var work = Task.Run(() => 42);
            var delivered = queue.Deliver(work);
            work.Wait();
            Thread.Sleep(20);
            Assert.That(delivered.IsCompleted, Is.False, "not before the main thread drains");
            var drainer = Environment.CurrentManagedThreadId;
            var seenOn = -1;
            delivered.ContinueWith(_ => seenOn = Environment.CurrentManagedThreadId, TaskContinuationOptions.ExecuteSynchronously);
            queue.Drain();
            Assert.That(delivered.Result, Is.EqualTo(42));
            Assert.That(seenOn, Is.EqualTo(drainer));

            var failing = queue.Deliver(Task.Run(new Func<int>(() => throw new InvalidOperationException("no node"))));
            SpinWait.SpinUntil(() => queue.Count > 0, 5000);
            queue.Drain();
            Assert.That(failing.Exception.GetBaseException().Message, Is.EqualTo("no node"), "failures keep their exception");
        }
    }
}
