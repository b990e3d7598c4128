using System.Collections;
using AgentPanel.Editor.Integration;
using AgentPanel.Editor.UI;
using NUnit.Framework;
using UnityEditor;
using UnityEngine.TestTools;

namespace AgentPanel.Editor.Tests.UI
{
    /// <summary>The window opens and draws, closing it stops the session, and reopening it connects again.</summary>
    public class WindowTests
    {
        [TearDown]
        public void CloseAll()
        {
            foreach (var window in UnityEngine.Resources.FindObjectsOfTypeAll<AgentPanelWindow>()) window.Close();
        }

        [UnityTest]
        public IEnumerator OpensDrawsClosesAndReconnects()
        {
            // -batchmode -nographics has no graphics device, and Unity refuses to show any window without one.
            if (UnityEngine.SystemInfo.graphicsDeviceType == UnityEngine.Rendering.GraphicsDeviceType.Null)
                Assert.Ignore("The window needs a graphics device: run -runTests without -nographics.");
            var window = EditorWindow.GetWindow<AgentPanelWindow>();
            for (var frame = 0; frame < 300 && window.rootVisualElement.childCount == 0; frame++) yield return null;
            Assert.That(window.rootVisualElement.childCount, Is.GreaterThan(0), "CreateGUI built the panel");
            Assert.That(AgentPanelSession.Connection, Is.Not.Null, "opening the window starts the session");

            window.Close();
            yield return null;
            Assert.That(AgentPanelSession.Connection, Is.Null, "closing the window stops the session");

            window = EditorWindow.GetWindow<AgentPanelWindow>();
            for (var frame = 0; frame < 300 && AgentPanelSession.Connection == null; frame++) yield return null;
            Assert.That(AgentPanelSession.Connection, Is.Not.Null, "reopening connects again");
        }
    }
}
