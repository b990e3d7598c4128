using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace AgentPanel.ApiExtractor
{
    /// <summary>What the stubs declare: every public type of the chosen namespaces in full ("full"), plus, for types those
    /// signatures reference from elsewhere, a declaration with no members ("shell"); and which members are left out.</summary>
    internal sealed class Plan
    {
        public readonly Dictionary<INamedTypeSymbol, bool> Types = new Dictionary<INamedTypeSymbol, bool>(SymbolEqualityComparer.Default); // value: full
        public readonly HashSet<string> Dropped = new HashSet<string>(StringComparer.Ordinal); // member ids, "B:type|base" for base-list entries
        public readonly SortedDictionary<string, int> DropReasons = new SortedDictionary<string, int>(StringComparer.Ordinal);
        private readonly HashSet<string> fullNamespaces;
        private readonly HashSet<IAssemblySymbol> unityAssemblies = new HashSet<IAssemblySymbol>(SymbolEqualityComparer.Default);

        public Plan(IEnumerable<string> fullNamespaces, IEnumerable<Compilation> unity)
        {
            this.fullNamespaces = new HashSet<string>(fullNamespaces, StringComparer.Ordinal);
            foreach (var c in unity) unityAssemblies.Add(c.Assembly);
        }

        /// <summary>Seeds the full types of <paramref name="compilation"/> and closes over what their signatures reference.</summary>
        public void Build(Compilation compilation)
        {
            var work = new Queue<INamedTypeSymbol>();
            foreach (var type in AllTypes(compilation.Assembly.GlobalNamespace))
            {
                if (IsVisible(type) && fullNamespaces.Contains(type.ContainingNamespace.ToDisplayString())) Add(type, work);
            }
            while (work.Count > 0)
            {
                var type = work.Dequeue();
                foreach (var used in Referenced(type)) Add(used, work);
            }
        }

        public bool IsUnity(ITypeSymbol type) => type.ContainingAssembly != null && unityAssemblies.Contains(type.ContainingAssembly);

        /// <summary>Public, or protected nested in a visible type.</summary>
        public static bool IsVisible(INamedTypeSymbol type)
        {
            for (var t = type; t != null; t = t.ContainingType)
            {
                var a = t.DeclaredAccessibility;
                if (a != Accessibility.Public && !(t.ContainingType != null && (a == Accessibility.Protected || a == Accessibility.ProtectedOrInternal))) return false;
            }
            return true;
        }

        /// <summary>A type the stubs can name: system types from the reference assemblies, visible Unity types, type parameters.</summary>
        public bool IsAvailable(ITypeSymbol type)
        {
            switch (type)
            {
                case ITypeParameterSymbol _: return true;
                case IArrayTypeSymbol array: return IsAvailable(array.ElementType);
                case IPointerTypeSymbol pointer: return IsAvailable(pointer.PointedAtType);
                case INamedTypeSymbol named:
                    if (named.TypeKind == TypeKind.Error || named.IsTupleType && named.TupleUnderlyingType == null) return false;
                    if (named.TypeArguments.Any(a => !IsAvailable(a))) return false;
                    var definition = named.OriginalDefinition;
                    if (IsUnity(definition)) return IsVisible(definition);
                    return definition.ContainingAssembly != null && IsVisible(definition);
                default: return false; // dynamic, function pointers
            }
        }

        /// <summary>Whether a member of a planned type is declared in the stubs.</summary>
        public bool Emits(ISymbol member)
        {
            var memo = member.GetDocumentationCommentId() ?? member.ToDisplayString();
            if (Dropped.Contains(memo)) return false;
            if (!Types.TryGetValue(member.ContainingType.OriginalDefinition, out var full)) return !IsUnity(member.ContainingType) && IsAccessible(member);
            if (!Candidate(member)) return false;
            // A shell keeps its enum values and its overrides (an abstract base's members must stay implemented).
            if (!full && !member.IsOverride && member.ContainingType.TypeKind != TypeKind.Enum) return false;
            var reason = Unavailable(member);
            if (reason != null) return Drop(memo, reason);
            if (member.IsOverride)
            {
                var overridden = Overridden(member);
                if (overridden == null || !Emits(overridden)) return Drop(memo, "overrides a member not in the stubs");
            }
            foreach (var impl in ExplicitImplementations(member))
            {
                var iface = impl.ContainingType.OriginalDefinition;
                if (IsUnity(iface) && (!Types.TryGetValue(iface, out var ifaceFull) || !ifaceFull)) return false;
                if (!Emits(impl.OriginalDefinition)) return Drop(memo, "implements an interface member not in the stubs");
            }
            return true;
        }

        private bool Drop(string id, string reason)
        {
            DropReasons[reason] = DropReasons.TryGetValue(reason, out var n) ? n + 1 : 1;
            Dropped.Add(id);
            return false;
        }

        public static ISymbol Overridden(ISymbol member)
        {
            switch (member)
            {
                case IMethodSymbol m: return m.OverriddenMethod;
                case IPropertySymbol p: return p.OverriddenProperty;
                case IEventSymbol e: return e.OverriddenEvent;
                default: return null;
            }
        }

        public static IEnumerable<ISymbol> ExplicitImplementations(ISymbol member)
        {
            switch (member)
            {
                case IMethodSymbol m: return m.ExplicitInterfaceImplementations;
                case IPropertySymbol p: return p.ExplicitInterfaceImplementations;
                case IEventSymbol e: return e.ExplicitInterfaceImplementations;
                default: return Enumerable.Empty<ISymbol>();
            }
        }

        private static bool IsAccessible(ISymbol member)
        {
            var a = member.DeclaredAccessibility;
            return a == Accessibility.Public || a == Accessibility.Protected || a == Accessibility.ProtectedOrInternal;
        }

        /// <summary>Declared, accessible from another assembly (or an explicit interface implementation), of a kind the stubs declare.</summary>
        private static bool Candidate(ISymbol member)
        {
            if (member.IsImplicitlyDeclared && !(member is IMethodSymbol ctor && ctor.MethodKind == MethodKind.Constructor && member.ContainingType.TypeKind == TypeKind.Class)) return false;
            if (!IsAccessible(member) && !ExplicitImplementations(member).Any()) return false;
            switch (member)
            {
                case IMethodSymbol m:
                    return m.MethodKind == MethodKind.Ordinary || m.MethodKind == MethodKind.Constructor && !(m.ContainingType.TypeKind == TypeKind.Struct && m.Parameters.Length == 0)
                        || m.MethodKind == MethodKind.UserDefinedOperator || m.MethodKind == MethodKind.Conversion || m.MethodKind == MethodKind.ExplicitInterfaceImplementation;
                case IFieldSymbol f: return !f.IsFixedSizeBuffer;
                case IPropertySymbol _: return true;
                case IEventSymbol _: return true;
                default: return false;
            }
        }

        /// <summary>Why the member's signature cannot be declared, or null.</summary>
        private string Unavailable(ISymbol member)
        {
            foreach (var type in SignatureTypes(member))
            {
                if (!IsAvailable(type)) return type.TypeKind == TypeKind.Error || type is INamedTypeSymbol n && n.TypeArguments.Any(a => a.TypeKind == TypeKind.Error)
                    ? "signature names a type outside the reference source and the .NET Framework 4.8 reference assemblies"
                    : "signature names a non-public type";
            }
            return null;
        }

        public static IEnumerable<ITypeSymbol> SignatureTypes(ISymbol member)
        {
            switch (member)
            {
                case IMethodSymbol m:
                    yield return m.ReturnType;
                    foreach (var p in m.Parameters) yield return p.Type;
                    foreach (var t in m.TypeParameters.SelectMany(t => t.ConstraintTypes)) yield return t;
                    break;
                case IPropertySymbol p:
                    yield return p.Type;
                    foreach (var q in p.Parameters) yield return q.Type;
                    break;
                case IEventSymbol e: yield return e.Type; break;
                case IFieldSymbol f: yield return f.Type; break;
            }
        }

        /// <summary>The types a planned type's declaration mentions (header and emitted members).</summary>
        private IEnumerable<ITypeSymbol> Referenced(INamedTypeSymbol type)
        {
            var full = Types[type];
            if (type.ContainingType != null) yield return type.ContainingType;
            if (type.BaseType != null) yield return type.BaseType;
            if (full) foreach (var i in type.Interfaces) yield return i;
            foreach (var t in type.TypeParameters.SelectMany(t => t.ConstraintTypes)) yield return t;
            if (type.DelegateInvokeMethod != null) foreach (var t in SignatureTypes(type.DelegateInvokeMethod)) yield return t;
            if (type.EnumUnderlyingType != null) yield return type.EnumUnderlyingType;
            foreach (var member in type.GetMembers())
            {
                if (member is INamedTypeSymbol nested)
                {
                    if (full && IsVisible(nested)) yield return nested;
                    continue;
                }
                if (!Emits(member)) continue;
                foreach (var t in SignatureTypes(member)) yield return t;
            }
        }

        private void Add(ITypeSymbol type, Queue<INamedTypeSymbol> work)
        {
            switch (type)
            {
                case IArrayTypeSymbol array: Add(array.ElementType, work); return;
                case IPointerTypeSymbol pointer: Add(pointer.PointedAtType, work); return;
                case INamedTypeSymbol named:
                    foreach (var a in named.TypeArguments) Add(a, work);
                    var definition = named.OriginalDefinition;
                    if (!IsUnity(definition) || !IsVisible(definition) || Types.ContainsKey(definition)) return;
                    Types[definition] = definition.ContainingType != null && Types.TryGetValue(definition.ContainingType, out var outerFull) && outerFull
                        || fullNamespaces.Contains(definition.ContainingNamespace.ToDisplayString());
                    // The base chain and the containing type go in first: a member's override check looks at them.
                    if (definition.BaseType != null) Add(definition.BaseType, work);
                    if (definition.ContainingType != null) Add(definition.ContainingType, work);
                    work.Enqueue(definition);
                    return;
            }
        }

        /// <summary>Every type declared in a namespace tree, nested ones included.</summary>
        public static IEnumerable<INamedTypeSymbol> AllTypes(INamespaceSymbol ns)
        {
            foreach (var member in ns.GetMembers())
            {
                if (member is INamespaceSymbol child) { foreach (var t in AllTypes(child)) yield return t; }
                else if (member is INamedTypeSymbol type) { foreach (var t in WithNested(type)) yield return t; }
            }
        }

        private static IEnumerable<INamedTypeSymbol> WithNested(INamedTypeSymbol type)
        {
            yield return type;
            foreach (var nested in type.GetTypeMembers()) foreach (var t in WithNested(nested)) yield return t;
        }
    }
}
