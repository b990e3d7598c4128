using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Tools;
using NUnit.Framework;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;

namespace AgentPanel.Editor.Tests.Tools
{
    /// <summary>Tool calls on a real scene, and what one Undo reverts.</summary>
    public class SceneAndUndoTests
    {
        [SetUp]
        public void NewScene()
        {
            EditorSceneManager.NewScene(NewSceneSetup.DefaultGameObjects, NewSceneMode.Single);
            Undo.ClearAll();
        }

        [Test]
        public void SceneFindsTheDefaultCamera()
        {
            var outcome = ToolCalls.Invoke("scene", "{\"action\":\"find\",\"component\":\"Camera\"}");
            Assert.That(outcome.Ok, Is.True, ToolCalls.Text(outcome));
            Assert.That(ToolCalls.Text(outcome), Does.Contain("Main Camera"));
        }

        [Test]
        public void ACreatedObjectIsOneUndoStep()
        {
            var outcome = ToolCalls.CallAsHost("gameobject", "{\"action\":\"create\",\"name\":\"Enemy\",\"primitive\":\"sphere\",\"position\":{\"x\":0,\"y\":2,\"z\":0}}");
            Assert.That(outcome.Ok, Is.True, ToolCalls.Text(outcome));
            Assert.That(GameObject.Find("Enemy"), Is.Not.Null);
            Undo.PerformUndo();
            Assert.That(GameObject.Find("Enemy"), Is.Null, "one Undo reverts the whole call");
        }

        [Test]
        public void AnAsyncToolsUndoStepLeavesOutTheUsersEditsMadeWhileItRuns()
        {
            var queue = new MainThreadQueue();
            var later = new TaskCompletionSource<ToolOutcome>();
            var tool = new ToolDescriptor { Name = "async_probe", MainThread = true };
            var call = ToolCalls.OnMainThread(queue, tool, () =>
            {
                Undo.RegisterCreatedObjectUndo(new GameObject("ToolObject"), "tool");
                return later.Task;
            });
            queue.Drain();
            Assert.That(GameObject.Find("ToolObject"), Is.Not.Null, "the synchronous part ran");

            // The user edits something while the tool still waits.
            Undo.RegisterCreatedObjectUndo(new GameObject("UserObject"), "user");
            Undo.IncrementCurrentGroup();
            later.SetResult(ToolOutcome.Text("done"));
            Assert.That(ToolCalls.Wait(queue, call).Ok, Is.True);

            Undo.PerformUndo();
            Assert.That(GameObject.Find("UserObject"), Is.Null, "the user's edit is its own step");
            Assert.That(GameObject.Find("ToolObject"), Is.Not.Null, "not folded into the tool's step");
            Undo.PerformUndo();
            Assert.That(GameObject.Find("ToolObject"), Is.Null);
        }
    }
}
