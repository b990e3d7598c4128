using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>The path check the internal asset operations share.</summary>
    public class ProjectPathTests
    {
        [TestCase("Assets/Audio/a.wav", new[] { "Assets/" })]
        [TestCase("Packages/com.x/Runtime/A.cs", new[] { "Assets/", "Packages/" })]
        public void Takes_a_forward_slash_path_under_a_served_root(string path, string[] roots)
        {
            Assert.That(ProjectPath.Require("op", new JObject { ["path"] = path }, roots), Is.EqualTo(path));
        }

        [TestCase("Packages/com.x/A.cs")] // not a root this operation serves
        [TestCase("Assets/../ProjectSettings/x.asset")]
        [TestCase("Assets\\Audio\\a.wav")]
        [TestCase("/etc/passwd")]
        [TestCase("assets/a.wav")] // Unity's folder is "Assets"
        [TestCase("")]
        public void Refuses_anything_else_naming_the_operation_and_the_roots(string path)
        {
            var e = Assert.Throws<ToolException>(() => ProjectPath.Require("asset_import", new JObject { ["path"] = path }, "Assets/"));
            Assert.That(e.Code, Is.EqualTo(ToolErrorCodes.InvalidParams));
            Assert.That(e.Message, Does.StartWith("asset_import: '" + path + "'").And.Contains("under Assets/ with forward slashes"));
        }

        [Test]
        public void A_missing_or_non_string_path_is_refused_too()
        {
            Assert.Throws<ToolException>(() => ProjectPath.Require("asset_open", new JObject(), "Assets/"));
            var e = Assert.Throws<ToolException>(() => ProjectPath.Require("asset_open", new JObject { ["path"] = 5 }, "Assets/", "Packages/"));
            Assert.That(e.Message, Does.Contain("under Assets/ or Packages/"));
        }
    }
}
