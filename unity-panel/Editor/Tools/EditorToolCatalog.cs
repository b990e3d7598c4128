using System;
using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Tools;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Tools
{
    /// <summary>Discovers the project's [AgentTool] declarations through Unity's TypeCache and reports what was skipped in the Console.</summary>
    internal static class EditorToolCatalog
    {
        /// <summary>Test assemblies whose sample tools exist only for the Core tests.</summary>
        private static readonly HashSet<string> Excluded = new HashSet<string>(StringComparer.Ordinal) { "AgentPanel.Core.Tests" };

        /// <summary>Every tool of the loaded assemblies (built-in and the project's), in discovery order.</summary>
        public static ToolDiscoveryResult Build()
        {
            var types = new List<Type>();
            types.AddRange(TypeCache.GetTypesWithAttribute<AgentToolAttribute>());
            types.AddRange(TypeCache.GetMethodsWithAttribute<AgentToolAttribute>().Select(m => m.DeclaringType));
            // Only for the diagnostic of [AgentToolAction] methods whose class lacks [AgentTool].
            types.AddRange(TypeCache.GetMethodsWithAttribute<AgentToolActionAttribute>().Select(m => m.DeclaringType));
            var result = ToolDiscovery.Discover(types.Where(t => t != null && !Excluded.Contains(t.Assembly.GetName().Name)));
            foreach (var d in result.Diagnostics)
            {
                if (d.Level == ToolDiagnosticLevel.Error) Debug.LogError(d.ToString());
                else if (d.Level == ToolDiagnosticLevel.Warning) Debug.LogWarning(d.ToString());
            }
            return result;
        }
    }
}
