using System.Collections;
using System.Threading.Tasks;
using AgentPanel.Core.Tools.Definitions;
using AgentPanel.Editor.Integration;
using AgentPanel.Editor.Tools.Definitions;
using NUnit.Framework;
using UnityEngine.TestTools;

namespace AgentPanel.Editor.Tests.Tools
{
    /// <summary>The compile tool, and script definitions built with AssemblyBuilder beside the project's compiles.</summary>
    public class CompileToolTests
    {
        [Test]
        public void StatusAnswersWithoutCompiling()
        {
            var outcome = ToolCalls.Invoke("compile", "{\"action\":\"status\"}");
            Assert.That(outcome.Ok, Is.True, ToolCalls.Text(outcome));
            Assert.That(ToolCalls.Text(outcome), Does.Contain("Not compiling"));
        }

        [UnityTest]
        public IEnumerator ADefinitionsBuildLeavesTheProjectsCompileStateAlone()
        {
            var errorsVersion = CompileErrorWatcher.Version;
            var before = ToolCalls.Invoke("compile", "{\"action\":\"status\"}").Structured["data"];
            // Two builds at once: Unity runs one AssemblyBuilder at a time, so the second waits instead of being refused.
            var broken = ScriptCompiler.Get(ScriptWrapper.Wrap("return 1 +;"), "broken.cs");
            var fine = ScriptCompiler.Get(ScriptWrapper.Wrap("return args.Count;"), "fine.cs");
            for (var frame = 0; frame < 6000 && !(broken.IsCompleted && fine.IsCompleted); frame++) yield return null;
            Assert.That(broken.IsCompleted && fine.IsCompleted, Is.True, "both builds finished");
            Assert.That(Result(broken).Entry, Is.Null);
            Assert.That(Result(broken).Errors.ToString(), Does.Contain("broken.cs"));
            Assert.That(Result(fine).Entry, Is.Not.Null, Result(fine).Errors.ToString());

            Assert.That(CompileErrorWatcher.Version, Is.EqualTo(errorsVersion), "no \"Ask to fix\" bar for a definition's errors");
            var after = ToolCalls.Invoke("compile", "{\"action\":\"status\"}").Structured["data"];
            Assert.That(after["last_started"]?.ToString(), Is.EqualTo(before["last_started"]?.ToString()), "the compile tool saw no project compile");
            Assert.That(after["errors"].ToString(), Is.EqualTo(before["errors"].ToString()), "the project's errors were not replaced");
        }

        private static CompiledScript Result(Task<CompiledScript> build) => build.GetAwaiter().GetResult();
    }
}
