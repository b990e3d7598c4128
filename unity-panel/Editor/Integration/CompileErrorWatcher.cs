using System;
using System.Collections.Generic;
using AgentPanel.Core.Tools;
using AgentPanel.Core.View;
using UnityEditor;
using UnityEditor.Compilation;

namespace AgentPanel.Editor.Integration
{
    /// <summary>
    /// Collects the errors of the current script compilation (CompilationPipeline), so the window can offer "Ask to fix". A failed
    /// compilation does not reload the domain, so the list lives until the next compilation starts.
    /// </summary>
    [InitializeOnLoad]
    internal static class CompileErrorWatcher
    {
        private static readonly List<CompileError> Collected = new List<CompileError>();

        static CompileErrorWatcher()
        {
            CompilationPipeline.compilationStarted -= OnStarted;
            CompilationPipeline.compilationStarted += OnStarted;
            CompilationPipeline.assemblyCompilationFinished -= OnAssemblyFinished;
            CompilationPipeline.assemblyCompilationFinished += OnAssemblyFinished;
        }

        /// <summary>Errors of the last compilation, in report order.</summary>
        public static IReadOnlyList<CompileError> Errors => Collected;

        /// <summary>Grows whenever the list changes (a dismissed bar stays hidden until then).</summary>
        public static int Version { get; private set; }

        /// <summary>The list changed (main thread).</summary>
        public static event Action Changed;

        // A script definition's AssemblyBuilder build raises the same events; its errors are the tool's answer, not the project's.
        private static void OnStarted(object context)
        {
            if (!CompileEventFilter.IsProjectCompile(context) || Collected.Count == 0) return;
            Collected.Clear();
            Version++;
            Changed?.Invoke();
        }

        private static void OnAssemblyFinished(string assembly, CompilerMessage[] messages)
        {
            if (!CompileEventFilter.IsProjectAssembly(assembly)) return;
            var added = false;
            foreach (var m in messages)
            {
                if (m.type != CompilerMessageType.Error) continue;
                Collected.Add(new CompileError(m.message, m.file, m.line));
                added = true;
            }
            if (!added) return;
            Version++;
            Changed?.Invoke();
        }
    }
}
