using System;
using System.Linq;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Tools;
using AgentPanel.Core.Tools.Definitions;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Editor.Tools.Definitions
{
    /// <summary>
    /// The Editor host's internal operations for JSON definition tools, which the sidecar calls by name though the catalog
    /// does not publish them: definition_probe (reads with change tracking, main thread) and definition_script (compile the
    /// snippet once per content, then run it on the main thread or a worker as the definition says).
    /// </summary>
    internal static class DefinitionOperations
    {
        /// <summary>Serve both operations on <paramref name="host"/>.</summary>
        public static void Register(ToolHost host)
        {
            host.RegisterInternal("definition_probe", true, (args, dryRun, ct) => Task.FromResult(Probe(args)));
            host.RegisterInternal("definition_script", false, Script);
        }

        private static ToolOutcome Probe(JObject args)
        {
            var probe = new ProbeExecutor(new ReflectReader(new EditorReflectRoots()), new SessionProbeStore(), SessionProbeStore.DomainId);
            var result = probe.Run(args);
            return ToolOutcome.Text(result.ToString(Formatting.None), result);
        }

        private static async Task<ToolOutcome> Script(JObject args, bool dryRun, CancellationToken cancellation)
        {
            var name = (string)args["definition"] ?? "definition_script";
            var file = (string)args["file"] ?? "";
            var source = (string)args["source"] ?? throw new ToolException(ToolErrorCodes.InvalidParams, $"{name}: the script's source is missing.");
            var scriptArgs = args["args"] as JObject ?? new JObject();
            var mainThread = (bool?)args["mainThread"] ?? true;
            var wrapped = ScriptWrapper.Wrap(source);
            var label = new ToolDescriptor { Name = name, MainThread = true };

            // AssemblyBuilder starts on the main thread and finishes over later Editor updates.
            var compiling = new TaskCompletionSource<Task<CompiledScript>>(TaskCreationOptions.RunContinuationsAsynchronously);
            EditorToolHost.Post(() =>
            {
                // An exception here would otherwise leave the call waiting until the sidecar's deadline.
                try
                {
                    compiling.TrySetResult(ScriptCompiler.Get(wrapped, file));
                }
                catch (Exception e)
                {
                    compiling.TrySetException(e);
                }
            });
            CompiledScript compiled;
            try
            {
                compiled = await (await compiling.Task.ConfigureAwait(false)).ConfigureAwait(false);
            }
            catch (Exception e)
            {
                return ToolOutcome.Error(ToolErrorCodes.ToolFailed, $"{name}: Unity could not compile {file}: {e.GetBaseException().Message}. Call it again; if it keeps failing, look at the Console.");
            }
            if (compiled.Entry == null) return CompileError(name, file, compiled.Errors);
            if (cancellation.IsCancellationRequested) return ToolOutcome.Error(ToolErrorCodes.Cancelled, $"The call of {name} was cancelled before it ran.");
            if (dryRun)
                return ToolOutcome.Text($"Dry run: {name} compiled and would run with {scriptArgs.ToString(Formatting.None)}; nothing was changed. Call it again with confirm: true to run it.");

            Task<ToolOutcome> Run() => Task.FromResult(Invoke(name, compiled.Entry, scriptArgs));
            return mainThread ? await EditorToolHost.OnMainThread(label, Run, cancellation).ConfigureAwait(false) : Run().Result;
        }

        private static ToolOutcome Invoke(string name, MethodInfo entry, JObject args)
        {
            try
            {
                return ToolResults.From(entry.Invoke(null, new object[] { args }));
            }
            catch (TargetInvocationException e) when (e.InnerException != null)
            {
                var inner = e.InnerException;
                return ToolOutcome.Error(ToolErrorCodes.ToolFailed, $"{name} threw {inner.GetType().Name}: {inner.Message}. Fix the script (it is read again on the next call).");
            }
        }

        private static ToolOutcome CompileError(string name, string file, JArray errors)
        {
            var lines = errors.Select(e => $"{e["file"]}({e["line"]},{e["column"]}): {e["message"]}");
            var outcome = ToolOutcome.Error("script_compile_error", $"{name}: {file} does not compile; fix it and call again (the file is read on every call):\n" + string.Join("\n", lines));
            outcome.Structured = new JObject { ["errors"] = errors };
            return outcome;
        }
    }
}
