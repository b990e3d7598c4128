using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;

namespace AgentPanel.ApiExtractor
{
    /// <summary>One generated file: its lines and, per line, the id of the declaration it belongs to (to map compile errors back).</summary>
    internal sealed class StubFile
    {
        public string Name;
        public readonly List<string> Lines = new List<string>();
        public readonly List<string> Ids = new List<string>();
        public string Text => string.Join("\n", Lines) + "\n";
        public void Add(string line, string id) { Lines.Add(line); Ids.Add(id); }
    }

    /// <summary>Writes the planned types of one assembly as C# declarations, one file per namespace, sorted.</summary>
    internal sealed class Emitter
    {
        private readonly Plan plan;
        private readonly string header;

        public Emitter(Plan plan, string header)
        {
            this.plan = plan;
            this.header = header;
        }

        public List<StubFile> Emit(IAssemblySymbol assembly)
        {
            var byNamespace = plan.Types.Keys
                .Where(t => t.ContainingType == null && SymbolEqualityComparer.Default.Equals(t.ContainingAssembly, assembly))
                .GroupBy(t => t.ContainingNamespace.IsGlobalNamespace ? "" : t.ContainingNamespace.ToDisplayString())
                .OrderBy(g => g.Key, StringComparer.Ordinal);
            var files = new List<StubFile>();
            foreach (var group in byNamespace)
            {
                var file = new StubFile { Name = (group.Key.Length == 0 ? "_global" : group.Key) + ".cs" };
                foreach (var line in header.Split('\n')) file.Add(line, null);
                var indent = "";
                if (group.Key.Length > 0) { file.Add("namespace " + group.Key, null); file.Add("{", null); indent = "    "; }
                foreach (var type in Sorted(group)) EmitType(file, type, indent);
                if (group.Key.Length > 0) file.Add("}", null);
                files.Add(file);
            }
            return files;
        }

        private static IEnumerable<INamedTypeSymbol> Sorted(IEnumerable<INamedTypeSymbol> types) =>
            types.OrderBy(t => t.Name, StringComparer.Ordinal).ThenBy(t => t.Arity);

        private void EmitType(StubFile file, INamedTypeSymbol type, string indent)
        {
            var id = type.GetDocumentationCommentId();
            var full = plan.Types[type];
            foreach (var attribute in Attributes(type)) file.Add(indent + attribute, id);
            var access = type.DeclaredAccessibility == Accessibility.Public ? "public " : "protected ";
            if (type.TypeKind == TypeKind.Delegate)
            {
                var invoke = type.DelegateInvokeMethod;
                file.Add(indent + access + Unsafe(invoke) + "delegate " + Signatures.Returns(invoke) + " " + Literals.Name(type.Name) + TypeParameters(type.TypeParameters)
                    + "(" + Signatures.Parameters(invoke.Parameters, false) + ")" + Constraints(type.TypeParameters) + ";", id);
                return;
            }
            var modifiers = "";
            if (type.TypeKind == TypeKind.Class)
            {
                if (type.IsStatic) modifiers = "static ";
                else if (type.IsAbstract) modifiers = "abstract ";
                else if (type.IsSealed) modifiers = "sealed ";
            }
            if (type.TypeKind == TypeKind.Struct) modifiers = (type.IsReadOnly ? "readonly " : "") + (type.IsRefLikeType ? "ref " : "");
            var keyword = type.TypeKind == TypeKind.Class ? "class" : type.TypeKind == TypeKind.Struct ? "struct" : type.TypeKind == TypeKind.Interface ? "interface" : "enum";
            file.Add(indent + access + modifiers + keyword + " " + Literals.Name(type.Name) + TypeParameters(type.TypeParameters), id);
            var bases = BaseList(type, full);
            for (var i = 0; i < bases.Count; i++)
            {
                file.Add(indent + "    " + (i == 0 ? ": " : "  ") + bases[i].Value + (i < bases.Count - 1 ? "," : ""), bases[i].Key);
            }
            var constraints = Constraints(type.TypeParameters);
            if (constraints.Length > 0) file.Add(indent + "   " + constraints, id);
            file.Add(indent + "{", id);
            var inner = indent + "    ";
            if (type.TypeKind == TypeKind.Enum)
            {
                foreach (var field in type.GetMembers().OfType<IFieldSymbol>().Where(f => f.HasConstantValue).OrderBy(f => f.Name, StringComparer.Ordinal))
                {
                    foreach (var attribute in Attributes(field)) file.Add(inner + attribute, field.GetDocumentationCommentId());
                    file.Add(inner + Literals.Name(field.Name) + " = " + Literals.Of(field.ConstantValue, type.EnumUnderlyingType) + ",", field.GetDocumentationCommentId());
                }
            }
            else
            {
                var members = new List<KeyValuePair<string, ISymbol>>();
                foreach (var member in type.GetMembers())
                {
                    if (member is INamedTypeSymbol || !plan.Emits(member)) continue;
                    members.Add(new KeyValuePair<string, ISymbol>(Signatures.Declaration(member, plan), member));
                }
                if (type.TypeKind == TypeKind.Class && !type.IsStatic && !members.Any(m => m.Value is IMethodSymbol c && c.MethodKind == MethodKind.Constructor))
                {
                    // No constructor another assembly could call: keep the compiler from adding a public one.
                    var access2 = type.IsSealed ? "internal " : "protected internal ";
                    members.Add(new KeyValuePair<string, ISymbol>(access2 + Literals.Name(type.Name) + "()" + Signatures.BaseCall(type, plan) + " => throw null;", null));
                }
                foreach (var member in members.OrderBy(m => Signatures.Order(m.Value)).ThenBy(m => m.Key, StringComparer.Ordinal))
                {
                    var memberId = member.Value?.GetDocumentationCommentId() ?? id;
                    if (member.Value != null) foreach (var attribute in Attributes(member.Value)) file.Add(inner + attribute, memberId);
                    file.Add(inner + member.Key, memberId);
                }
            }
            foreach (var nested in Sorted(type.GetTypeMembers().Where(n => plan.Types.ContainsKey(n)))) EmitType(file, nested, inner);
            file.Add(indent + "}", id);
        }

        private List<KeyValuePair<string, string>> BaseList(INamedTypeSymbol type, bool full)
        {
            var id = type.GetDocumentationCommentId();
            var list = new List<KeyValuePair<string, string>>();
            if (type.TypeKind == TypeKind.Enum)
            {
                if (type.EnumUnderlyingType.SpecialType != SpecialType.System_Int32) list.Add(new KeyValuePair<string, string>(id, Literals.Type(type.EnumUnderlyingType)));
                return list;
            }
            if (type.TypeKind == TypeKind.Class && type.BaseType != null && type.BaseType.SpecialType != SpecialType.System_Object && Usable(type.BaseType, id))
            {
                list.Add(new KeyValuePair<string, string>("B:" + id + "|" + Literals.Type(type.BaseType), Literals.Type(type.BaseType)));
            }
            if (!full) return list;
            foreach (var iface in type.Interfaces)
            {
                var key = "B:" + id + "|" + Literals.Type(iface);
                if (Usable(iface, id) && !plan.Dropped.Contains(key)) list.Add(new KeyValuePair<string, string>(key, Literals.Type(iface)));
            }
            return list;
        }

        private bool Usable(INamedTypeSymbol baseType, string id)
        {
            var key = "B:" + id + "|" + Literals.Type(baseType);
            if (plan.Dropped.Contains(key)) return false;
            if (plan.IsAvailable(baseType)) return true;
            plan.Dropped.Add(key);
            plan.DropReasons["base type or interface not in the stubs"] = plan.DropReasons.TryGetValue("base type or interface not in the stubs", out var n) ? n + 1 : 1;
            return false;
        }

        private static string Unsafe(IMethodSymbol method) =>
            Plan.SignatureTypes(method).Any(Signatures.HasPointer) ? "unsafe " : "";

        public static string TypeParameters(IEnumerable<ITypeParameterSymbol> parameters)
        {
            var list = parameters.Select(p => (p.Variance == VarianceKind.In ? "in " : p.Variance == VarianceKind.Out ? "out " : "") + Literals.Name(p.Name)).ToList();
            return list.Count == 0 ? "" : "<" + string.Join(", ", list) + ">";
        }

        public static string Constraints(IEnumerable<ITypeParameterSymbol> parameters)
        {
            var text = new StringBuilder();
            foreach (var p in parameters)
            {
                var parts = new List<string>();
                if (p.HasUnmanagedTypeConstraint) parts.Add("unmanaged");
                else if (p.HasValueTypeConstraint) parts.Add("struct");
                else if (p.HasReferenceTypeConstraint) parts.Add("class");
                else if (p.HasNotNullConstraint) parts.Add("notnull");
                parts.AddRange(p.ConstraintTypes.Select(Literals.Type));
                if (p.HasConstructorConstraint && !p.HasValueTypeConstraint) parts.Add("new()");
                if (parts.Count > 0) text.Append(" where ").Append(Literals.Name(p.Name)).Append(" : ").Append(string.Join(", ", parts));
            }
            return text.ToString();
        }

        /// <summary>The attributes the stubs keep: [Obsolete] (what CS0618/CS0619 come from), [AttributeUsage] and [Flags].</summary>
        public static IEnumerable<string> Attributes(ISymbol symbol)
        {
            foreach (var a in symbol.GetAttributes().OrderBy(a => a.AttributeClass?.Name, StringComparer.Ordinal))
            {
                var name = a.AttributeClass?.ToDisplayString();
                if (name == "System.ObsoleteAttribute" || name == "System.FlagsAttribute" || name == "System.AttributeUsageAttribute")
                {
                    var args = a.ConstructorArguments.Select(Literals.Of)
                        .Concat(a.NamedArguments.Where(n => name == "System.AttributeUsageAttribute").Select(n => n.Key + " = " + Literals.Of(n.Value)));
                    var list = string.Join(", ", args);
                    yield return "[global::" + name + (list.Length > 0 ? "(" + list + ")" : "") + "]";
                }
            }
        }
    }
}
