using AgentPanel.Editor.Integration;
using AgentPanel.Editor.Tools;
using NUnit.Framework;
using UnityEngine;

namespace AgentPanel.Editor.Tests.Tools
{
    /// <summary>In -batchmode (this project's CI run) nothing starts node or connects as the tool provider.</summary>
    public class HostStartupTests
    {
        [Test]
        public void BatchModeStartsNoToolHostLinkOrSession()
        {
            if (!Application.isBatchMode) Assert.Ignore("Checks the -batchmode start-up; run with Unity -batchmode -runTests.");
            Assert.That(EditorProcess.IsInteractive, Is.False);
            Assert.That(EditorToolHost.Host, Is.Null, EditorToolHost.StatusLine);
            Assert.That(EditorToolLink.StatusLine, Is.EqualTo("not connected"));
            Assert.That(AgentPanelSession.Connection, Is.Null);
        }
    }
}
