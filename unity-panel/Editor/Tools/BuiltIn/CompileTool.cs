using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using AgentPanel.Core.Tools;
using Newtonsoft.Json;
using UnityEditor;
using UnityEditor.Compilation;

namespace AgentPanel.Editor.Tools.BuiltIn
{
    /// <summary>
    /// Script compilation: its status and messages, and a request that waits for the result. The request survives the domain
    /// reload it causes: the state lives in SessionState, the tool is safe to repeat, and the repeated call after the reload
    /// answers with the finished compile instead of starting another.
    /// </summary>
    [InitializeOnLoad]
    internal static class CompileTool
    {
        private const string StateKey = "AgentPanel.Tools.Compile";
        private static readonly List<TaskCompletionSource<bool>> Waiters = new List<TaskCompletionSource<bool>>();

        public enum CompileAction
        {
            status,
            request,
        }

        /// <summary>What is known about the last compile (kept across reloads).</summary>
        internal sealed class State
        {
            public long requestedAt;
            public long startedAt;
            public long finishedAt;
            public List<Message> messages = new List<Message>();
        }

        internal sealed class Message
        {
            public string assembly;
            public string type;
            public string message;
            public string file;
            public int line;
        }

        static CompileTool()
        {
            CompilationPipeline.compilationStarted -= OnStarted;
            CompilationPipeline.compilationStarted += OnStarted;
            CompilationPipeline.assemblyCompilationFinished -= OnAssembly;
            CompilationPipeline.assemblyCompilationFinished += OnAssembly;
            CompilationPipeline.compilationFinished -= OnFinished;
            CompilationPipeline.compilationFinished += OnFinished;
        }

        [AgentTool(Name = "compile", Group = "diagnostics", Idempotency = Idempotency.Safe,
            Description = "Script compilation. status: compiling or not, and the errors and warnings of the last compile. request: compile the scripts now and wait for the result (errors with file and line); it survives the domain reload it causes, so call it after editing scripts instead of guessing when Unity is done.",
            Examples = new[] { "{\"action\":\"request\"}" })]
        public static async Task<object> Compile(
            [ToolParameter("status or request")] CompileAction action,
            [ToolParameter("request: seconds to wait for the compile (1-600)")] int timeoutSeconds = 180)
        {
            var state = Load();
            if (action == CompileAction.status) return Report(state, EditorApplication.isCompiling ? "Compiling now" : "Not compiling");
            // The repeat of a request that a domain reload interrupted: that compile has finished since it was requested.
            if (state.requestedAt > 0 && state.finishedAt >= state.requestedAt && !EditorApplication.isCompiling && Now() - state.requestedAt < 15 * 60 * 1000)
            {
                state.requestedAt = 0;
                Save(state);
                return Report(state, "Compiled");
            }
            state.requestedAt = Now();
            Save(state);
            var finished = new TaskCompletionSource<bool>();
            Waiters.Add(finished);
            CompilationPipeline.RequestScriptCompilation();
            var winner = await Task.WhenAny(finished.Task, Task.Delay(TimeSpan.FromSeconds(Math.Max(1, Math.Min(600, timeoutSeconds))))).ConfigureAwait(true);
            Waiters.Remove(finished);
            state = Load();
            if (winner != finished.Task) throw new ToolException("timeout", $"The compile did not finish within {timeoutSeconds} s; call compile with action status to see where it is.");
            state.requestedAt = 0;
            Save(state);
            return Report(state, "Compiled (no domain reload was needed)");
        }

        private static object Report(State state, string headline)
        {
            var errors = state.messages.Where(m => m.type == "error").ToList();
            var warnings = state.messages.Where(m => m.type == "warning").ToList();
            var text = errors.Count > 0 ? $"{headline}: {errors.Count} error(s), {warnings.Count} warning(s)" : $"{headline}: no errors, {warnings.Count} warning(s)";
            return new SuccessResponse(text, new
            {
                compiling = EditorApplication.isCompiling,
                updating = EditorApplication.isUpdating,
                last_started = state.startedAt > 0 ? DateTimeOffset.FromUnixTimeMilliseconds(state.startedAt).ToString("o") : null,
                last_finished = state.finishedAt > 0 ? DateTimeOffset.FromUnixTimeMilliseconds(state.finishedAt).ToString("o") : null,
                errors,
                warnings = warnings.Take(50),
            });
        }

        // AssemblyBuilder builds (script definitions) raise these events too: only the project's compile counts here.
        private static void OnStarted(object context)
        {
            if (!CompileEventFilter.IsProjectCompile(context)) return;
            var state = Load();
            state.startedAt = Now();
            state.messages.Clear();
            Save(state);
        }

        private static void OnAssembly(string assembly, CompilerMessage[] messages)
        {
            if (!CompileEventFilter.IsProjectAssembly(assembly)) return;
            var state = Load();
            foreach (var m in messages)
            {
                state.messages.Add(new Message { assembly = System.IO.Path.GetFileNameWithoutExtension(assembly), type = m.type == CompilerMessageType.Error ? "error" : "warning", message = m.message, file = m.file, line = m.line });
            }
            Save(state);
        }

        private static void OnFinished(object context)
        {
            if (!CompileEventFilter.IsProjectCompile(context)) return;
            var state = Load();
            state.finishedAt = Now();
            Save(state);
            foreach (var w in Waiters.ToArray()) w.TrySetResult(true);
        }

        private static State Load()
        {
            try
            {
                return JsonConvert.DeserializeObject<State>(SessionState.GetString(StateKey, "")) ?? new State();
            }
            catch (JsonException)
            {
                return new State();
            }
        }

        private static void Save(State state) => SessionState.SetString(StateKey, JsonConvert.SerializeObject(state));

        private static long Now() => DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
    }
}
