using System;
using AgentPanel.Editor.Tools.BuiltIn;
using NUnit.Framework;
using UnityEngine;

namespace AgentPanel.Editor.Tests.Tools
{
    /// <summary>The console tool reads what was logged, and clears both its buffer and the Console window.</summary>
    public class ConsoleToolTests
    {
        [SetUp]
        public void Capture() => ConsoleLog.EnsureCapturing();

        [Test]
        public void ReadsALoggedMessageAndClearsIt()
        {
            var marker = "agent-panel-test " + Guid.NewGuid().ToString("N");
            Debug.Log(marker);
            var read = ToolCalls.Invoke("console", "{\"action\":\"read\",\"contains\":\"" + marker + "\"}");
            Assert.That(ToolCalls.Text(read), Does.Contain(marker));

            var clear = ToolCalls.Invoke("console", "{\"action\":\"clear\"}");
            Assert.That(clear.Ok, Is.True);
            Assert.That((bool)clear.Structured["data"]["window_cleared"], Is.True, ToolCalls.Text(clear));
            var after = ToolCalls.Invoke("console", "{\"action\":\"read\",\"contains\":\"" + marker + "\"}");
            Assert.That(ToolCalls.Text(after), Does.Not.Contain(marker));
        }

        [Test]
        public void FindsTheConsoleWindowsClearInThisUnity()
        {
            Assert.That(ConsoleTool.FindClearConsoleWindow(), Is.Not.Null, "UnityEditor.LogEntries.Clear in EditorWindow's assembly");
        }
    }
}
