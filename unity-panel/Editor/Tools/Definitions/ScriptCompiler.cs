using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;
using AgentPanel.Core.Tools.Definitions;
using Newtonsoft.Json.Linq;
using UnityEditor.Compilation;

namespace AgentPanel.Editor.Tools.Definitions
{
    /// <summary>What compiling one script content gave: its entry, or the compiler's errors (file, line, column, message).</summary>
    internal sealed class CompiledScript
    {
        public MethodInfo Entry;
        public JArray Errors = new JArray();
    }

    /// <summary>
    /// Compiles script definitions without a domain reload: each distinct content (by key) once, with
    /// UnityEditor.Compilation.AssemblyBuilder into Temp/AgentPanel/Definitions/&lt;key&gt;, referencing what the Editor's
    /// assemblies reference, then loaded from its bytes. Loaded assemblies stay until the next domain reload. AssemblyBuilder's
    /// default references are Unity's and the packages' assemblies and the project's assembly definitions, not the predefined
    /// Assembly-CSharp / Assembly-CSharp-Editor: a script can use the project's types only when they live in an asmdef.
    /// </summary>
    internal static class ScriptCompiler
    {
        // Unity runs one AssemblyBuilder at a time: a second Build() would return false as if the project were compiling.
        private static readonly ScriptBuildQueue<CompiledScript> Builds = new ScriptBuildQueue<CompiledScript>(c => c.Entry != null);

        /// <summary>
        /// The compiled form of <paramref name="script"/> (main thread); errors name <paramref name="userFile"/> and its lines.
        /// Builds run one after another; a build that throws while starting faults the returned task.
        /// </summary>
        public static Task<CompiledScript> Get(WrappedScript script, string userFile) => Builds.Get(script.Key, () => Build(script, userFile));

        private static Task<CompiledScript> Build(WrappedScript script, string userFile)
        {
            var done = new TaskCompletionSource<CompiledScript>(TaskCreationOptions.RunContinuationsAsynchronously);
            var folder = Path.GetFullPath(Path.Combine("Temp", "AgentPanel", "Definitions", script.Key.Substring(0, 16)));
            Directory.CreateDirectory(folder);
            var source = Path.Combine(folder, "Script.cs");
            File.WriteAllText(source, script.Source);
            var output = Path.Combine(folder, script.AssemblyName + ".dll");
            // AssemblyBuilder is marked obsolete in Unity 6 but still ships, and it is the one public way to compile
            // against the Editor's references without a domain reload; revisit when Unity removes it.
#pragma warning disable CS0618
            var builder = new AssemblyBuilder(output, source)
            {
                flags = AssemblyBuilderFlags.EditorAssembly,
                referencesOptions = ReferencesOptions.UseEngineModules,
            };
            var defaults = builder.defaultReferences ?? new string[0];
            var json = typeof(JObject).Assembly.Location;
            if (!string.IsNullOrEmpty(json) && !defaults.Any(r => string.Equals(Path.GetFileName(r), Path.GetFileName(json), StringComparison.OrdinalIgnoreCase)))
                builder.additionalReferences = new[] { json };
            builder.buildFinished += (path, messages) =>
            {
                var result = new CompiledScript();
                foreach (var m in messages.Where(m => m.type == CompilerMessageType.Error))
                {
                    // A message without a file (a reference problem) has no line in the user's file either.
                    var inScript = !string.IsNullOrEmpty(m.file) && Path.GetFileName(m.file) == "Script.cs";
                    result.Errors.Add(new JObject
                    {
                        ["file"] = inScript ? userFile : m.file,
                        ["line"] = inScript ? script.UserLine(m.line) : m.line,
                        ["column"] = m.column,
                        ["message"] = m.message,
                    });
                }
                if (result.Errors.Count == 0)
                {
                    try
                    {
                        result.Entry = ScriptWrapper.FindEntry(System.Reflection.Assembly.Load(File.ReadAllBytes(path)));
                        if (result.Entry == null) result.Errors.Add(Problem(userFile, "the script compiled but has no public static object Run(JObject args); write a method body, or declare that method in a public class"));
                    }
                    catch (Exception e)
                    {
                        result.Errors.Add(Problem(userFile, "the compiled script could not be loaded: " + e.Message));
                    }
                }
                done.TrySetResult(result);
            };
#pragma warning restore CS0618
            bool started;
            try
            {
                started = builder.Build();
            }
            catch (Exception e)
            {
                done.TrySetResult(new CompiledScript { Errors = { Problem(userFile, "Unity could not start compiling it: " + e.Message) } });
                return done.Task;
            }
            // Our own builds are queued, so false means the project's scripts (or another package's AssemblyBuilder) compile now.
            if (!started) done.TrySetResult(new CompiledScript { Errors = { Problem(userFile, "Unity is compiling the project's scripts right now; call the tool again when it has finished") } });
            return done.Task;
        }

        private static JObject Problem(string file, string message) => new JObject { ["file"] = file, ["line"] = 0, ["column"] = 0, ["message"] = message };
    }
}
