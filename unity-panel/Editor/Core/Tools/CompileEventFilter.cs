using System;
using System.IO;

namespace AgentPanel.Core.Tools
{
    /// <summary>
    /// Tells the project's script compiles from AssemblyBuilder builds in CompilationPipeline's events. AssemblyBuilder.Build
    /// raises compilationStarted, assemblyCompilationFinished and compilationFinished too (with the builder itself as the
    /// context), so without this filter a script definition's build would wipe the project's real errors and answer a waiting
    /// `compile request` with the definition's result.
    /// </summary>
    internal static class CompileEventFilter
    {
        /// <summary>The assembly name prefix of script definitions (<c>AgentPanel.Definition.&lt;key&gt;</c>).</summary>
        public const string DefinitionAssemblyPrefix = "AgentPanel.Definition.";

        private const string AssemblyBuilderType = "UnityEditor.Compilation.AssemblyBuilder";

        /// <summary>Whether a compilationStarted / compilationFinished context belongs to the project's compile (not an AssemblyBuilder's).</summary>
        public static bool IsProjectCompile(object context)
        {
            for (var type = context?.GetType(); type != null; type = type.BaseType)
            {
                if (type.FullName == AssemblyBuilderType) return false;
            }
            return true;
        }

        /// <summary>Whether an assemblyCompilationFinished path is one of the project's assemblies (not a script definition's).</summary>
        public static bool IsProjectAssembly(string assemblyPath)
        {
            if (string.IsNullOrEmpty(assemblyPath)) return true;
            var name = Path.GetFileName(assemblyPath.Replace('\\', '/'));
            return !name.StartsWith(DefinitionAssemblyPrefix, StringComparison.Ordinal);
        }
    }
}
