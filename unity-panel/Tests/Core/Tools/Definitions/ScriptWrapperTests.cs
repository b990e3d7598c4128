using System;
using System.Linq;
using AgentPanel.Core.Tools.Definitions;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools.Definitions
{
    /// <summary>The script snippet contract: a method body is wrapped, a class file is kept, the key follows the content.</summary>
    public class ScriptWrapperTests
    {
        /// <summary>A class in the shape a class-file script declares.</summary>
        public static class ClassShaped
        {
            public static object Run(JObject args) => (int)args["n"] * 2;
        }

        /// <summary>Has a Run, but not the entry's signature.</summary>
        public static class WrongShape
        {
            public static string Run(string text) => text;
        }

        [Test]
        public void AMethodBodyIsWrappedInAStaticRunTakingArgs()
        {
            var wrapped = ScriptWrapper.Wrap("var f = (double)args[\"factor\"];\nreturn f * 2;\n");
            Assert.That(wrapped.IsClass, Is.False);
            Assert.That(wrapped.Source, Does.Contain("public static object Run(JObject args)"));
            Assert.That(wrapped.Source, Does.Contain("using Newtonsoft.Json.Linq;"));
            Assert.That(wrapped.Source, Does.Contain("return f * 2;"));
            Assert.That(wrapped.Source.TrimEnd(), Does.EndWith("return null;\n        }\n    }\n}"), "falling off the end answers null");
        }

        [Test]
        public void UserLinesMapBackFromTheCompiledSource()
        {
            var user = "using System.Text;\n\nvar sb = new StringBuilder();\nreturn sb.ToString();";
            var wrapped = ScriptWrapper.Wrap(user);
            var compiled = wrapped.Source.Split('\n');
            var userLines = user.Split('\n');
            for (var line = 3; line <= 4; line++) Assert.That(compiled[wrapped.LineOffset + line - 1], Is.EqualTo(userLines[line - 1]), $"user line {line}");
            Assert.That(wrapped.UserLine(wrapped.LineOffset + 3), Is.EqualTo(3));
            Assert.That(wrapped.UserLine(1), Is.EqualTo(0), "a wrapper line has no user line");
            Assert.That(compiled[0], Is.EqualTo("using System.Text;"), "the user's usings lead the file");
        }

        [Test]
        public void AFileDeclaringRunIsCompiledAsIs()
        {
            var source = "using Newtonsoft.Json.Linq;\npublic static class Bump\n{\n    public static object Run(JObject args) { return 1; }\n}\n";
            var wrapped = ScriptWrapper.Wrap(source);
            Assert.That(wrapped.IsClass, Is.True);
            Assert.That(wrapped.Source, Is.EqualTo(source));
            Assert.That(wrapped.UserLine(4), Is.EqualTo(4));
        }

        [Test]
        public void TheKeyFollowsTheContent()
        {
            var a = ScriptWrapper.Wrap("return 1;");
            Assert.That(ScriptWrapper.Wrap("return 1;").Key, Is.EqualTo(a.Key));
            Assert.That(ScriptWrapper.Wrap("return 1;\r\n").Key, Is.EqualTo(ScriptWrapper.Wrap("return 1;\n").Key), "line endings do not matter");
            Assert.That(ScriptWrapper.Wrap("return 2;").Key, Is.Not.EqualTo(a.Key));
            Assert.That(a.Key, Does.Match("^[0-9a-f]{64}$"));
            Assert.That(a.AssemblyName, Is.EqualTo("AgentPanel.Definition." + a.Key.Substring(0, 16)));
        }

        [Test]
        public void TheEntryIsThePublicStaticRunTakingJObject()
        {
            var entry = ScriptWrapper.FindEntry(new[] { typeof(WrongShape), typeof(ClassShaped) });
            Assert.That(entry.DeclaringType, Is.EqualTo(typeof(ClassShaped)));
            Assert.That(entry.Invoke(null, new object[] { new JObject { ["n"] = 21 } }), Is.EqualTo(42));
            Assert.That(ScriptWrapper.FindEntry(new[] { typeof(WrongShape) }), Is.Null);
        }
    }
}
