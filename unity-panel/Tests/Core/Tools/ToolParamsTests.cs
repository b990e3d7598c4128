using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>The forgiving typed reads class tools use (seed-003 style).</summary>
    public class ToolParamsTests
    {
        private static ToolParams P(string json) => new ToolParams(JObject.Parse(json));

        [Test]
        public void GetRequiredFailsWithAMessageNamingTheKey()
        {
            var missing = P("{}").GetRequired("action");
            Assert.That(missing.IsSuccess, Is.False);
            Assert.That(missing.ErrorMessage, Is.EqualTo("Missing required parameter 'action'."));
            Assert.That(P("{\"action\":null}").GetRequired("action").IsSuccess, Is.False);
            Assert.That(P("{\"action\":\"\"}").GetRequired("action").ErrorMessage, Is.EqualTo("Parameter 'action' must not be empty."));
            var ok = P("{\"action\":\"find\"}").GetRequired("action");
            Assert.That(ok.IsSuccess, Is.True);
            Assert.That(ok.Value, Is.EqualTo("find"));
            Assert.That(P("{\"id\":42}").GetRequired("id").Value, Is.EqualTo("42"));
        }

        [Test]
        public void TypedGettersConvertOrFallBackToTheDefault()
        {
            var p = P("{\"n\":5,\"f\":2.5,\"s\":\"7\",\"t\":\"1.25\",\"b\":true,\"bs\":\"False\",\"bn\":1,\"bad\":\"x\",\"name\":\"Cube\"}");
            Assert.That(p.GetInt("n"), Is.EqualTo(5));
            Assert.That(p.GetInt("s"), Is.EqualTo(7));
            Assert.That(p.GetInt("bad", -1), Is.EqualTo(-1));
            Assert.That(p.GetInt("missing", 3), Is.EqualTo(3));
            Assert.That(p.GetFloat("f"), Is.EqualTo(2.5f));
            Assert.That(p.GetFloat("t"), Is.EqualTo(1.25f));
            Assert.That(p.GetFloat("missing", 9f), Is.EqualTo(9f));
            Assert.That(p.GetBool("b"), Is.True);
            Assert.That(p.GetBool("bs", true), Is.False);
            Assert.That(p.GetBool("bn"), Is.True);
            Assert.That(p.GetBool("bad", true), Is.True);
            Assert.That(p.GetString("name", "x"), Is.EqualTo("Cube"));
            Assert.That(p.GetString("missing", "Cube"), Is.EqualTo("Cube"));
            Assert.That(p.GetString("n"), Is.EqualTo("5"));
        }

        [Test]
        public void KeysMatchExactlyFirstThenIgnoringCaseAndUnderscores()
        {
            var p = P("{\"includePassed\":true,\"Name\":\"A\",\"name\":\"b\"}");
            Assert.That(p.GetBool("include_passed"), Is.True);
            Assert.That(p.GetString("name"), Is.EqualTo("b"));
            Assert.That(p.GetString("NAME"), Is.EqualTo("A"), "the first loose match");
            Assert.That(p.Has("include_passed"), Is.True);
            Assert.That(p.Has("other"), Is.False);
        }

        [Test]
        public void GetStringArrayReadsArraysAndSingleValues()
        {
            Assert.That(P("{\"a\":[\"x\",1]}").GetStringArray("a"), Is.EqualTo(new[] { "x", "1" }));
            Assert.That(P("{\"a\":\"x\"}").GetStringArray("a"), Is.EqualTo(new[] { "x" }));
            Assert.That(P("{}").GetStringArray("a"), Is.Null);
            Assert.That(new ToolParams(null).GetString("a", "d"), Is.EqualTo("d"));
        }

        [Test]
        public void ResponsesSerializeAsSuccessOrError()
        {
            Assert.That(JToken.FromObject(new SuccessResponse("ok")).ToString(Newtonsoft.Json.Formatting.None), Is.EqualTo("{\"success\":true,\"message\":\"ok\"}"));
            Assert.That(JToken.FromObject(new SuccessResponse("ok", new { n = 1 })).ToString(Newtonsoft.Json.Formatting.None), Is.EqualTo("{\"success\":true,\"message\":\"ok\",\"data\":{\"n\":1}}"));
            Assert.That(JToken.FromObject(new ErrorResponse("no")).ToString(Newtonsoft.Json.Formatting.None), Is.EqualTo("{\"success\":false,\"error\":\"no\",\"code\":\"tool_failed\"}"));
        }
    }
}
