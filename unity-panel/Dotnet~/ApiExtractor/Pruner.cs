using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace AgentPanel.ApiExtractor
{
    /// <summary>Compiles the generated stubs and leaves out each declaration the compiler rejects (a member whose signature
    /// cannot be expressed without what the stubs leave out), until they compile; counts what it removed.</summary>
    internal static class Pruner
    {
        public static CSharpCompilation Run(Plan plan, Emitter emitter, IAssemblySymbol assembly, IEnumerable<MetadataReference> references, out List<StubFile> files)
        {
            for (var round = 0; ; round++)
            {
                files = emitter.Emit(assembly);
                var compilation = Compile(assembly.Name, files, references);
                var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
                Console.WriteLine($"{assembly.Name}: round {round}, {errors.Count} errors");
                if (errors.Count == 0) return compilation;
                var byName = files.ToDictionary(f => f.Name);
                var removed = 0;
                foreach (var error in errors)
                {
                    var span = error.Location.GetLineSpan();
                    if (!error.Location.IsInSource) { Console.Error.WriteLine(error); continue; }
                    var file = byName[span.Path];
                    var id = file.Ids[span.StartLinePosition.Line];
                    if (id == null || id.StartsWith("T:") || plan.Dropped.Contains(id)) continue;
                    plan.Dropped.Add(id);
                    var reason = "rejected by the compiler (" + error.Id + ")";
                    plan.DropReasons[reason] = plan.DropReasons.TryGetValue(reason, out var n) ? n + 1 : 1;
                    removed++;
                }
                if (removed == 0 || round >= 10)
                {
                    foreach (var error in errors.Where(e => e.Location.IsInSource).Take(60)) Console.Error.WriteLine(error.ToString() + "   // " + byName[error.Location.GetLineSpan().Path].Lines[error.Location.GetLineSpan().StartLinePosition.Line].Trim());
                    throw new InvalidOperationException($"{assembly.Name}: {errors.Count} compile errors left that no member removal fixes");
                }
            }
        }

        public static CSharpCompilation Compile(string name, IEnumerable<StubFile> files, IEnumerable<MetadataReference> references)
        {
            var parse = new CSharpParseOptions(LanguageVersion.CSharp9);
            var trees = files.Select(f => CSharpSyntaxTree.ParseText(f.Text, parse, f.Name));
            var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: true, warningLevel: 0, deterministic: true);
            return CSharpCompilation.Create(name, trees, references, options);
        }
    }
}
