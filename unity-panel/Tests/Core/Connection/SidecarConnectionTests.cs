using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Connection
{
    /// <summary>SidecarConnection against an in-memory sidecar: handshake, delivery through the inbox, commands, close.</summary>
    public class SidecarConnectionTests : ConnectionFixture
    {
        [Test]
        public void SaysHelloAsAUnityClientThatWantsUnityRenderingAndReportsTheWelcome()
        {
            WelcomeFrame welcome = null;
            Connect().Welcomed += w => welcome = w;
            WaitConnected();
            var hello = sidecar.CommandsNamed("hello").Single();
            Assert.That((int)hello["protocol"], Is.EqualTo(1));
            Assert.That((string)hello["client"], Is.EqualTo("unity"));
            Assert.That(hello["render"].Select(t => (string)t), Is.EqualTo(new[] { "unity" }));
            Pump.Until(connection.Inbox, () => welcome != null, "welcome");
            Assert.That(welcome.SidecarPid, Is.EqualTo(4242));
            Assert.That(connection.Status.Welcome.Chats.Single().ChatId, Is.EqualTo("c1"));
        }

        [Test]
        public void DeliversEventsInOrderThroughTheInboxOnly()
        {
            Connect();
            WaitConnected();
            Await(connection.SubscribeAsync("c1"));
            sidecar.Emit("c1", Ev.User("t", "one"));
            sidecar.Emit("c1", Ev.User("t2", "two"));
            Thread.Sleep(50);
            Assert.That(events, Is.Empty, "nothing is raised until the Editor drains the inbox");
            Pump.Until(connection.Inbox, () => events.Count == 2, "two events");
            Assert.That(events.Select(e => e.Seq), Is.EqualTo(new long[] { 1, 2 }));
            Assert.That(connection.LastSeq("c1"), Is.EqualTo(2));
        }

        [Test]
        public void CommandsResolveWithTheAckResultOrFailWithTheSidecarsError()
        {
            Connect();
            WaitConnected();
            var open = Await(connection.SendAsync(new ChatOpenCommand()));
            Assert.That((string)open["chatId"], Is.EqualTo("c2"));
            Await(connection.SendAsync(new PermissionAnswerCommand("c1", "r1", PermissionAnswer.Allow())));
            var second = connection.SendAsync(new PermissionAnswerCommand("c1", "r1", PermissionAnswer.Deny("no")));
            Pump.Until(connection.Inbox, () => second.IsCompleted, "second answer");
            var error = (SidecarCommandException)second.Exception.GetBaseException();
            Assert.That(error.Code, Is.EqualTo("already_answered"));
            Assert.That(error.Command, Is.EqualTo("permission.answer"));
        }

        [Test]
        public void ACommandBeforeTheConnectionFailsAtOnceWithNotConnected()
        {
            sidecar.Refuse = true;
            Connect();
            var task = connection.SendAsync(new ChatsListCommand());
            Assert.That(task.IsFaulted, Is.True);
            Assert.That(((AgentPanelException)task.Exception.GetBaseException()).Code, Is.EqualTo(ErrorCodes.NotConnected));
        }

        [Test]
        public void DuplicateEventsAreDroppedButARepeatedPendingPermissionRequestPassesThrough()
        {
            Connect();
            WaitConnected();
            Await(connection.SubscribeAsync("c1"));
            sidecar.Emit("c1", Ev.Ask("t", "r1"));
            sidecar.Emit("c1", Ev.Notice("x"));
            Pump.Until(connection.Inbox, () => events.Count == 2, "two events");
            var book = new SubscriptionBook();
            book.Add("c1", 2);
            Assert.That(book.Accept("c1", 2, Ev.Notice("x")), Is.EqualTo(SeqVerdict.Duplicate));
            Assert.That(book.Accept("c1", 1, Ev.Ask("t", "r1")), Is.EqualTo(SeqVerdict.Repeated));
            Assert.That(book.Accept("c1", 5, Ev.Notice("y")), Is.EqualTo(SeqVerdict.Gap));
            Assert.That(book.Accept("c9", 1, Ev.Notice("y")), Is.EqualTo(SeqVerdict.NotSubscribed));
            Assert.That(book.Accept("c1", 3, Ev.Notice("z")), Is.EqualTo(SeqVerdict.Next));
        }

        [Test]
        public void CloseSendsACloseFrameFailsWaitingCommandsAndNeverReconnects()
        {
            Connect();
            WaitConnected();
            sidecar.Silent = true;
            var waiting = connection.SendAsync(new ChatsListCommand());
            connection.Close(TimeSpan.FromSeconds(2));
            Pump.Until(connection.Inbox, () => waiting.IsCompleted, "waiting command failed");
            Assert.That(((AgentPanelException)waiting.Exception.GetBaseException()).Code, Is.EqualTo(ErrorCodes.Closed));
            Assert.That(connection.Status.State, Is.EqualTo(ConnectionState.Closed));
            Pump.For(connection.Inbox, 150);
            Assert.That(sidecar.Connections, Is.EqualTo(1));
        }

        [Test]
        public void ACommandWithoutAnswerTimesOut()
        {
            var options = FastOptions();
            options.CommandTimeout = TimeSpan.FromMilliseconds(100);
            options.HeartbeatDead = TimeSpan.FromSeconds(30);
            options.HeartbeatIdle = TimeSpan.FromSeconds(30);
            Connect(options: options);
            WaitConnected();
            sidecar.Silent = true;
            var task = connection.SendAsync(new ChatInterruptCommand("c1"));
            Pump.Until(connection.Inbox, () => task.IsCompleted, "timeout");
            Assert.That(((AgentPanelException)task.Exception.GetBaseException()).Code, Is.EqualTo(ErrorCodes.CommandTimeout));
        }
    }
}
