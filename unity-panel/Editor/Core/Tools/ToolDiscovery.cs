using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace AgentPanel.Core.Tools
{
    /// <summary>The tools found and what was noticed on the way (skipped declarations, duplicates, unloadable types).</summary>
    internal sealed class ToolDiscoveryResult
    {
        public ToolDiscoveryResult(IReadOnlyList<ToolDescriptor> tools, IReadOnlyList<ToolDiagnostic> diagnostics)
        {
            Tools = tools;
            Diagnostics = diagnostics;
        }

        /// <summary>Valid, enabled tools with unique names, in discovery order.</summary>
        public IReadOnlyList<ToolDescriptor> Tools { get; }

        public IReadOnlyList<ToolDiagnostic> Diagnostics { get; }

        /// <summary>A tool by name, or null.</summary>
        public ToolDescriptor Find(string name) => Tools.FirstOrDefault(t => t.Name == name);
    }

    /// <summary>
    /// Finds [AgentTool] declarations in a list of types (Unity passes TypeCache results, tests their own types). Order is
    /// ordinal by assembly, type and tool name; of two tools with one name the first wins and the other is an error.
    /// </summary>
    internal static class ToolDiscovery
    {
        /// <summary>Discover the tools declared by the given types (classes carrying [AgentTool] and types with [AgentTool] methods).</summary>
        public static ToolDiscoveryResult Discover(IEnumerable<Type> types, IEnumerable<ToolDiagnostic> earlier = null)
        {
            var diagnostics = new List<ToolDiagnostic>(earlier ?? Enumerable.Empty<ToolDiagnostic>());
            var found = new List<ToolDescriptor>();
            foreach (var type in types.Where(t => t != null).Distinct())
            {
                try
                {
                    Inspect(type, found, diagnostics);
                }
                catch (Exception e) when (e is TypeLoadException || e is System.IO.FileNotFoundException || e is BadImageFormatException || e is MissingMemberException)
                {
                    diagnostics.Add(new ToolDiagnostic(ToolDiagnosticLevel.Error, type.FullName, "could not be inspected: " + e.Message));
                }
            }
            var ordered = found
                .OrderBy(t => t.DeclaringType.Assembly.GetName().Name, StringComparer.Ordinal)
                .ThenBy(t => t.DeclaringType.FullName, StringComparer.Ordinal)
                .ThenBy(t => t.Name, StringComparer.Ordinal)
                .ThenBy(t => t.Method?.Name ?? "", StringComparer.Ordinal);
            var tools = new List<ToolDescriptor>();
            var byName = new Dictionary<string, ToolDescriptor>(StringComparer.Ordinal);
            foreach (var tool in ordered)
            {
                if (byName.TryGetValue(tool.Name, out var first))
                {
                    diagnostics.Add(new ToolDiagnostic(ToolDiagnosticLevel.Error, tool.Source, $"duplicate tool name '{tool.Name}' (already declared by {first.Source}); this one is skipped. Give one of them another Name."));
                    continue;
                }
                byName.Add(tool.Name, tool);
                tools.Add(tool);
            }
            return new ToolDiscoveryResult(tools, diagnostics);
        }

        /// <summary>Discover the tools of whole assemblies; a partly loadable assembly still contributes the types that load.</summary>
        public static ToolDiscoveryResult DiscoverAssemblies(IEnumerable<Assembly> assemblies)
        {
            var diagnostics = new List<ToolDiagnostic>();
            var types = new List<Type>();
            foreach (var assembly in assemblies) types.AddRange(LoadableTypes(assembly.GetName().Name, assembly.GetTypes, diagnostics));
            return Discover(types, diagnostics);
        }

        /// <summary>The types an assembly can load; when some cannot, the others are kept and the loader's reasons logged.</summary>
        public static IReadOnlyList<Type> LoadableTypes(string assemblyName, Func<Type[]> getTypes, ICollection<ToolDiagnostic> diagnostics)
        {
            try
            {
                return getTypes();
            }
            catch (ReflectionTypeLoadException e)
            {
                var loaded = (e.Types ?? new Type[0]).Where(t => t != null).ToList();
                var reasons = (e.LoaderExceptions ?? new Exception[0]).Where(x => x != null).Select(x => x.Message).Distinct().Take(5).ToList();
                var missing = (e.Types?.Length ?? 0) - loaded.Count;
                diagnostics.Add(new ToolDiagnostic(ToolDiagnosticLevel.Warning, assemblyName,
                    $"{missing} type(s) could not be loaded and are not searched for tools ({loaded.Count} others are): " + (reasons.Count > 0 ? string.Join("; ", reasons) : "no reason given")));
                return loaded;
            }
            catch (Exception e)
            {
                diagnostics.Add(new ToolDiagnostic(ToolDiagnosticLevel.Warning, assemblyName, "its types could not be listed: " + e.Message));
                return new Type[0];
            }
        }

        private static void Inspect(Type type, List<ToolDescriptor> found, List<ToolDiagnostic> diagnostics)
        {
            var classAttribute = type.GetCustomAttribute<AgentToolAttribute>(false);
            if (classAttribute != null) Add(ToolDeclarations.FromClass(type, classAttribute), found, diagnostics, type.FullName, classAttribute);
            else if (ToolActionDeclarations.ActionMethods(type).Count > 0)
                diagnostics.Add(new ToolDiagnostic(ToolDiagnosticLevel.Error, type.FullName, "has [AgentToolAction] methods but no [AgentTool] on the class; they are ignored. Put [AgentTool] on the class."));
            const BindingFlags flags = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;
            foreach (var method in type.GetMethods(flags).OrderBy(m => m.Name, StringComparer.Ordinal))
            {
                var attribute = method.GetCustomAttribute<AgentToolAttribute>(false);
                if (attribute == null) continue;
                Add(ToolDeclarations.FromMethod(method, attribute), found, diagnostics, $"{type.FullName}.{method.Name}", attribute);
            }
        }

        private static void Add(ToolDeclarations.Outcome outcome, List<ToolDescriptor> found, List<ToolDiagnostic> diagnostics, string subject, AgentToolAttribute attribute)
        {
            diagnostics.AddRange(outcome.Notes);
            if (outcome.Problem != null)
            {
                diagnostics.Add(new ToolDiagnostic(ToolDiagnosticLevel.Error, subject, "skipped: " + outcome.Problem));
                return;
            }
            if (!attribute.Enabled)
            {
                diagnostics.Add(new ToolDiagnostic(ToolDiagnosticLevel.Info, subject, $"'{outcome.Tool.Name}' is disabled (Enabled = false)"));
                return;
            }
            found.Add(outcome.Tool);
        }
    }
}
