using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace AgentPanel.ApiExtractor
{
    /// <summary>One-line C# declarations of members: exact signatures, placeholder bodies (`throw null`).</summary>
    internal static class Signatures
    {
        private const string Body = " => throw null;";

        public static string Declaration(ISymbol member, Plan plan)
        {
            switch (member)
            {
                case IFieldSymbol f: return Field(f);
                case IPropertySymbol p: return Property(p);
                case IEventSymbol e: return Event(e);
                case IMethodSymbol m: return Method(m, plan);
                default: throw new InvalidOperationException(member.Kind.ToString());
            }
        }

        /// <summary>Fields, constructors, properties, events, methods, operators.</summary>
        public static int Order(ISymbol member)
        {
            switch (member)
            {
                case null: return 1;
                case IFieldSymbol _: return 0;
                case IMethodSymbol m when m.MethodKind == MethodKind.Constructor: return 1;
                case IPropertySymbol _: return 2;
                case IEventSymbol _: return 3;
                case IMethodSymbol m when m.MethodKind == MethodKind.UserDefinedOperator || m.MethodKind == MethodKind.Conversion: return 5;
                default: return 4;
            }
        }

        private static string Field(IFieldSymbol f)
        {
            var text = Access(f);
            if (f.IsConst) return text + "const " + Literals.Type(f.Type) + " " + Literals.Name(f.Name) + " = " + Literals.Of(f.ConstantValue, f.Type) + ";";
            if (f.IsStatic) text += "static ";
            if (f.IsReadOnly) text += "readonly ";
            if (HasPointer(f.Type)) text = "unsafe " + text;
            return text + Literals.Type(f.Type) + " " + Literals.Name(f.Name) + ";";
        }

        private static string Property(IPropertySymbol p)
        {
            var text = Modifiers(p) + Ref(p.RefKind) + Literals.Type(p.Type) + " ";
            var explicitImpl = p.ExplicitInterfaceImplementations.FirstOrDefault();
            if (explicitImpl != null) text += Literals.Type(explicitImpl.ContainingType) + ".";
            text += p.IsIndexer ? "this[" + Parameters(p.Parameters, false) + "]" : Literals.Name(explicitImpl?.Name ?? p.Name);
            var bodyless = p.IsAbstract || p.ContainingType.TypeKind == TypeKind.Interface && !p.IsStatic && p.IsAbstract;
            var accessors = new List<string>();
            foreach (var (accessor, keyword) in new[] { (p.GetMethod, "get"), (p.SetMethod, "set") })
            {
                if (accessor == null) continue;
                var access = "";
                if (explicitImpl == null && p.ContainingType.TypeKind != TypeKind.Interface && accessor.DeclaredAccessibility != p.DeclaredAccessibility)
                {
                    if (!Visible(accessor.DeclaredAccessibility)) continue;
                    if (AccessWord(accessor.DeclaredAccessibility) != AccessWord(p.DeclaredAccessibility)) access = AccessWord(accessor.DeclaredAccessibility) + " ";
                }
                var word = keyword == "set" && accessor.IsInitOnly ? "init" : keyword;
                accessors.Add(access + word + (bodyless ? ";" : Body));
            }
            return text + " { " + string.Join(" ", accessors) + " }";
        }

        private static string Event(IEventSymbol e)
        {
            var explicitImpl = e.ExplicitInterfaceImplementations.FirstOrDefault();
            var text = Modifiers(e) + "event " + Literals.Type(e.Type) + " ";
            if (explicitImpl != null) return text + Literals.Type(explicitImpl.ContainingType) + "." + Literals.Name(explicitImpl.Name) + " { add { } remove { } }";
            return text + Literals.Name(e.Name) + ";";
        }

        private static string Method(IMethodSymbol m, Plan plan)
        {
            var explicitImpl = m.ExplicitInterfaceImplementations.FirstOrDefault();
            var bodyless = m.IsAbstract;
            var tail = "(" + Parameters(m.Parameters, m.IsExtensionMethod) + ")";
            if (m.MethodKind == MethodKind.Constructor)
            {
                return Access(m) + (Plan.SignatureTypes(m).Any(HasPointer) ? "unsafe " : "") + Literals.Name(m.ContainingType.Name) + tail + BaseCall(m.ContainingType, plan) + Body;
            }
            if (m.MethodKind == MethodKind.Conversion)
            {
                var direction = m.Name == "op_Implicit" ? "implicit" : "explicit";
                return Modifiers(m) + direction + " operator " + Literals.Type(m.ReturnType) + tail + Body;
            }
            string name;
            if (m.MethodKind == MethodKind.UserDefinedOperator) name = "operator " + SyntaxFacts.GetText(SyntaxFacts.GetOperatorKind(m.Name));
            else if (explicitImpl != null) name = Literals.Type(explicitImpl.ContainingType) + "." + Literals.Name(explicitImpl.Name);
            else name = Literals.Name(m.Name);
            var constraints = m.IsOverride || explicitImpl != null ? "" : Emitter.Constraints(m.TypeParameters);
            return Modifiers(m) + Returns(m) + " " + name + Emitter.TypeParameters(m.TypeParameters) + tail + constraints + (bodyless ? ";" : Body);
        }

        /// <summary>": base(default(A), …)" when the base class has no constructor callable without arguments.</summary>
        public static string BaseCall(INamedTypeSymbol type, Plan plan)
        {
            var baseType = type.BaseType;
            if (baseType == null || baseType.SpecialType == SpecialType.System_Object || type.TypeKind != TypeKind.Class) return "";
            var ctors = baseType.InstanceConstructors.Where(c => plan.Emits(c.OriginalDefinition) || !plan.IsUnity(baseType) && Visible(c.DeclaredAccessibility)).ToList();
            if (ctors.Count == 0 || ctors.Any(c => c.Parameters.All(p => p.IsOptional || p.IsParams))) return "";
            var chosen = ctors.Where(c => c.Parameters.All(p => p.RefKind == RefKind.None || p.RefKind == RefKind.In))
                .OrderBy(c => c.Parameters.Length).ThenBy(c => Parameters(c.Parameters, false), StringComparer.Ordinal).FirstOrDefault();
            if (chosen == null) return "";
            return " : base(" + string.Join(", ", chosen.Parameters.Select(p => "default(" + Literals.Type(p.Type) + ")")) + ")";
        }

        public static string Returns(IMethodSymbol m) => Ref(m.RefKind) + Literals.Type(m.ReturnType);

        private static string Ref(RefKind kind) => kind == RefKind.Ref ? "ref " : kind == RefKind.RefReadOnly ? "ref readonly " : "";

        public static string Parameters(ImmutableArray<IParameterSymbol> parameters, bool extension)
        {
            return string.Join(", ", parameters.Select((p, i) =>
            {
                var text = (extension && i == 0 ? "this " : "") + (p.IsParams ? "params " : "");
                if (p.RefKind == RefKind.Ref) text += "ref ";
                else if (p.RefKind == RefKind.Out) text += "out ";
                else if (p.RefKind == RefKind.In || p.RefKind == RefKind.RefReadOnlyParameter) text += "in ";
                text += Literals.Type(p.Type) + " " + Literals.Name(p.Name);
                if (p.HasExplicitDefaultValue) text += " = " + Literals.Of(p.ExplicitDefaultValue, p.Type);
                return text;
            }));
        }

        private static string Modifiers(ISymbol member)
        {
            if (Plan.ExplicitImplementations(member).Any()) return Plan.SignatureTypes(member).Any(HasPointer) ? "unsafe " : "";
            var inInterface = member.ContainingType.TypeKind == TypeKind.Interface;
            var text = inInterface ? "" : Access(member);
            if (member.IsStatic) text += "static ";
            if (!inInterface)
            {
                if (member.IsAbstract) text += "abstract ";
                else if (member.IsOverride) text += member.IsSealed ? "sealed override " : "override ";
                else if (member.IsVirtual) text += "virtual ";
            }
            else if (member.IsStatic && member.IsAbstract) text += "abstract ";
            if (Plan.SignatureTypes(member).Any(HasPointer)) text += "unsafe ";
            return text;
        }

        private static string Access(ISymbol member) => AccessWord(member.DeclaredAccessibility) + " ";

        private static string AccessWord(Accessibility a) => a == Accessibility.Public ? "public" : "protected";

        private static bool Visible(Accessibility a) => a == Accessibility.Public || a == Accessibility.Protected || a == Accessibility.ProtectedOrInternal;

        public static bool HasPointer(ITypeSymbol type)
        {
            switch (type)
            {
                case IPointerTypeSymbol _: return true;
                case IArrayTypeSymbol a: return HasPointer(a.ElementType);
                case INamedTypeSymbol n: return n.TypeArguments.Any(HasPointer);
                default: return false;
            }
        }
    }
}
