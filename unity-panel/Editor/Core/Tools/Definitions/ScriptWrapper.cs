using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools.Definitions
{
    /// <summary>A script definition's source made compilable, with what is needed to map compiler lines back to the user's file.</summary>
    internal sealed class WrappedScript
    {
        /// <summary>The C# that is compiled.</summary>
        public string Source;
        /// <summary>The user's file is a whole class (declares its own static Run(JObject)), not a method body.</summary>
        public bool IsClass;
        /// <summary>Lines the wrapper put before the user's body (0 for a class file).</summary>
        public int LineOffset;
        /// <summary>The content hash of <see cref="Source"/>: one compiled assembly per distinct value.</summary>
        public string Key;

        /// <summary>The assembly's name for this content.</summary>
        public string AssemblyName => "AgentPanel.Definition." + Key.Substring(0, 16);

        /// <summary>A compiler's line in <see cref="Source"/> as the line in the user's file (lines the wrapper added map to 0).</summary>
        public int UserLine(int compiledLine)
        {
            var line = compiledLine - LineOffset;
            return line < 1 ? 0 : line;
        }
    }

    /// <summary>
    /// The snippet contract of a script definition. The .cs file is either a method body — <c>args</c> (JObject) is in
    /// scope, <c>return x;</c> answers x, falling off the end answers null, leading <c>using</c> lines are kept as usings —
    /// or a whole file declaring a class with <c>public static object Run(JObject args)</c>, compiled as is.
    /// </summary>
    internal static class ScriptWrapper
    {
        /// <summary>Bump when the wrapper's output changes, so cached assemblies of the old form are not reused.</summary>
        public const int Version = 1;

        private static readonly string[] DefaultUsings =
        {
            "System", "System.Collections.Generic", "System.Linq", "Newtonsoft.Json.Linq", "UnityEngine", "UnityEditor",
        };

        private static readonly Regex ClassEntry = new Regex(@"\bclass\s+\w+[\s\S]*\bstatic\s+object\s+Run\s*\(\s*(Newtonsoft\.Json\.Linq\.)?JObject\s+\w+\s*\)", RegexOptions.Compiled);
        private static readonly Regex UsingLine = new Regex(@"^\s*using\s+[\w.=\s]+;\s*$", RegexOptions.Compiled);

        /// <summary>Make <paramref name="source"/> compilable and key it by content.</summary>
        public static WrappedScript Wrap(string source)
        {
            source = (source ?? "").Replace("\r\n", "\n");
            if (ClassEntry.IsMatch(source)) return Keyed(new WrappedScript { Source = source, IsClass = true });

            var lines = source.Split('\n');
            var usings = new List<string>();
            var bodyStart = 0;
            for (; bodyStart < lines.Length; bodyStart++)
            {
                var line = lines[bodyStart];
                if (UsingLine.IsMatch(line)) usings.Add(line.Trim());
                else if (line.Trim().Length > 0 && !line.TrimStart().StartsWith("//", StringComparison.Ordinal)) break;
                else usings.Add("");
            }
            var text = new StringBuilder();
            foreach (var u in usings.Where(u => u.Length > 0)) text.Append(u).Append('\n');
            foreach (var u in DefaultUsings) text.Append("using ").Append(u).Append(";\n");
            text.Append("namespace AgentPanel.Definitions.Generated\n{\n    public static class Script\n    {\n");
            text.Append("        public static object Run(JObject args)\n        {\n");
            var offset = text.ToString().Count(c => c == '\n');
            // The user's using lines keep their place as blank lines, so user line n is compiled line offset + n.
            for (var i = 0; i < bodyStart; i++) text.Append('\n');
            for (var i = bodyStart; i < lines.Length; i++) text.Append(lines[i]).Append('\n');
            text.Append("#pragma warning disable 0162\n            return null;\n        }\n    }\n}\n");
            return Keyed(new WrappedScript { Source = text.ToString(), IsClass = false, LineOffset = offset });
        }

        /// <summary>The sha-256 of the compiled source (with the wrapper's version), as lowercase hex.</summary>
        public static string Hash(string text)
        {
            using (var sha = SHA256.Create())
            {
                var bytes = sha.ComputeHash(Encoding.UTF8.GetBytes("v" + Version + "\n" + text));
                var hex = new StringBuilder(bytes.Length * 2);
                foreach (var b in bytes) hex.Append(b.ToString("x2"));
                return hex.ToString();
            }
        }

        /// <summary>The entry of a compiled script: the first public static object Run(JObject) in the assembly.</summary>
        public static MethodInfo FindEntry(Assembly assembly)
        {
            Type[] types;
            try
            {
                types = assembly.GetTypes();
            }
            catch (ReflectionTypeLoadException e)
            {
                types = e.Types.Where(t => t != null).ToArray();
            }
            return FindEntry(types);
        }

        /// <summary>The first of <paramref name="types"/> with a public static object Run(JObject).</summary>
        public static MethodInfo FindEntry(IEnumerable<Type> types)
        {
            foreach (var type in types)
            {
                var method = type.GetMethod("Run", BindingFlags.Public | BindingFlags.Static, null, new[] { typeof(JObject) }, null);
                if (method != null && method.ReturnType == typeof(object)) return method;
            }
            return null;
        }

        private static WrappedScript Keyed(WrappedScript script)
        {
            script.Key = Hash(script.Source);
            return script;
        }
    }
}
