using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Text;

namespace AgentPanel.Core.Tests.RepoChecks
{
    /// <summary>Lists every Unity type and member the compiled Editor assembly references (read from its metadata), for Stubs~/USED-UNITY-API.md (the manual desk check's list).</summary>
    internal static class UnityApiList
    {
        /// <summary>The assemblies of Unity's API (generated stubs in Stubs~/&lt;version&gt;, named like Unity's).</summary>
        public static readonly string[] UnityAssemblies = { "UnityEngine", "UnityEditor" };

        /// <summary>"Type.member — kind: signature" lines, sorted, for the references of <paramref name="assemblyPath"/> into Unity's assemblies.</summary>
        public static List<string> Read(string assemblyPath)
        {
            using (var stream = File.OpenRead(assemblyPath))
            using (var pe = new PEReader(stream))
            {
                var md = pe.GetMetadataReader();
                var names = new TypeNames(md);
                var lines = new SortedSet<string>(System.StringComparer.Ordinal);
                foreach (var handle in md.TypeReferences)
                {
                    if (FromStubs(md, handle)) lines.Add("`" + names.Of(handle) + "` — type");
                }
                foreach (var handle in md.MemberReferences)
                {
                    var member = md.GetMemberReference(handle);
                    var parent = DeclaringType(md, member.Parent);
                    if (parent == null || !FromStubs(md, parent.Value)) continue;
                    var type = names.Of(parent.Value);
                    var name = md.GetString(member.Name);
                    if (member.GetKind() == MemberReferenceKind.Field)
                    {
                        lines.Add($"`{type}.{name}` — field: {member.DecodeFieldSignature(names, null)}");
                        continue;
                    }
                    var sig = member.DecodeMethodSignature(names, null);
                    var args = string.Join(", ", sig.ParameterTypes);
                    var isStatic = sig.Header.IsInstance ? "" : "static ";
                    if (name.StartsWith("get_")) lines.Add($"`{type}.{name.Substring(4)}` — {isStatic}property get: {sig.ReturnType}");
                    else if (name.StartsWith("set_")) lines.Add($"`{type}.{name.Substring(4)}` — {isStatic}property set: {args}");
                    else if (name.StartsWith("add_")) lines.Add($"`{type}.{name.Substring(4)}` — {isStatic}event add: {args}");
                    else if (name.StartsWith("remove_")) lines.Add($"`{type}.{name.Substring(7)}` — {isStatic}event remove: {args}");
                    else if (name == ".ctor" && args == "object, System.IntPtr") continue; // a delegate's constructor: implied by the delegate type
                    else if (name == ".ctor") lines.Add($"`{type}({args})` — constructor");
                    else lines.Add($"`{type}.{name}({args})` — {isStatic}method returning {sig.ReturnType}");
                }
                return lines.ToList();
            }
        }

        /// <summary>The markdown file's text.</summary>
        public static string Render(IEnumerable<string> lines)
        {
            var text = new StringBuilder();
            text.Append("# Unity APIs used by AgentPanel.Editor\n\n");
            text.Append("Generated from the compiled Editor layer (Dotnet~/CompileCheck/2022.3) by the RepoChecks test `UnityApiListTests`;\n");
            text.Append("regenerate with `AGENT_PANEL_UPDATE_API_LIST=1 bash scripts/test-dotnet.sh`. Do not edit by hand.\n\n");
            text.Append("The Editor layer is compiled in CI against Unity's whole public API for 2022.3 and 6000.0, generated from\n");
            text.Append("Unity's C# reference source (docs/unity-api-check.md). The generator approximates a few things (what it\n");
            text.Append("leaves out is counted in Stubs~/<version>/REPORT.md); this list of what the Editor layer actually uses\n");
            text.Append("(read from the 2022.3 build) is what a reviewer with a real Unity checks by hand when in doubt.\n\n");
            foreach (var line in lines) text.Append("- ").Append(line).Append('\n');
            return text.ToString();
        }

        /// <summary>The type a member reference belongs to: a type reference, or the generic type of an instantiation (BaseField`1 for BaseField&lt;string&gt;).</summary>
        private static TypeReferenceHandle? DeclaringType(MetadataReader md, EntityHandle parent)
        {
            if (parent.Kind == HandleKind.TypeReference) return (TypeReferenceHandle)parent;
            if (parent.Kind != HandleKind.TypeSpecification) return null;
            var blob = md.GetBlobReader(md.GetTypeSpecification((TypeSpecificationHandle)parent).Signature);
            if (blob.ReadSignatureTypeCode() != SignatureTypeCode.GenericTypeInstance) return null;
            blob.ReadSignatureTypeCode();
            var generic = blob.ReadTypeHandle();
            return generic.Kind == HandleKind.TypeReference ? (TypeReferenceHandle)generic : (TypeReferenceHandle?)null;
        }

        private static bool FromStubs(MetadataReader md, TypeReferenceHandle handle)
        {
            var scope = md.GetTypeReference(handle).ResolutionScope;
            while (scope.Kind == HandleKind.TypeReference) scope = md.GetTypeReference((TypeReferenceHandle)scope).ResolutionScope;
            return scope.Kind == HandleKind.AssemblyReference && System.Array.IndexOf(UnityAssemblies, md.GetString(md.GetAssemblyReference((AssemblyReferenceHandle)scope).Name)) >= 0;
        }

        /// <summary>Readable type names for signatures.</summary>
        private sealed class TypeNames : ISignatureTypeProvider<string, object>
        {
            private readonly MetadataReader md;

            public TypeNames(MetadataReader md)
            {
                this.md = md;
            }

            public string Of(TypeReferenceHandle handle)
            {
                var type = md.GetTypeReference(handle);
                var name = md.GetString(type.Name);
                if (type.ResolutionScope.Kind == HandleKind.TypeReference) return Of((TypeReferenceHandle)type.ResolutionScope) + "." + name;
                var ns = md.GetString(type.Namespace);
                return ns.Length == 0 ? name : ns + "." + name;
            }

            public string GetPrimitiveType(PrimitiveTypeCode typeCode)
            {
                switch (typeCode)
                {
                    case PrimitiveTypeCode.Boolean: return "bool";
                    case PrimitiveTypeCode.Int32: return "int";
                    case PrimitiveTypeCode.Int64: return "long";
                    case PrimitiveTypeCode.Single: return "float";
                    case PrimitiveTypeCode.Double: return "double";
                    case PrimitiveTypeCode.String: return "string";
                    case PrimitiveTypeCode.Object: return "object";
                    case PrimitiveTypeCode.Void: return "void";
                    default: return typeCode.ToString();
                }
            }

            public string GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) => reader.GetString(reader.GetTypeDefinition(handle).Name);
            public string GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) => Of(handle);
            public string GetTypeFromSpecification(MetadataReader reader, object context, TypeSpecificationHandle handle, byte rawTypeKind) => reader.GetTypeSpecification(handle).DecodeSignature(this, context);
            public string GetSZArrayType(string elementType) => elementType + "[]";
            public string GetArrayType(string elementType, ArrayShape shape) => elementType + "[" + new string(',', shape.Rank - 1) + "]";
            public string GetByReferenceType(string elementType) => "ref " + elementType;
            public string GetPointerType(string elementType) => elementType + "*";
            public string GetPinnedType(string elementType) => elementType;
            public string GetModifiedType(string modifier, string unmodifiedType, bool isRequired) => unmodifiedType;
            public string GetGenericInstantiation(string genericType, ImmutableArray<string> typeArguments) => genericType + "<" + string.Join(", ", typeArguments) + ">";
            public string GetGenericTypeParameter(object context, int index) => "T" + index;
            public string GetGenericMethodParameter(object context, int index) => "M" + index;
            public string GetFunctionPointerType(MethodSignature<string> signature) => "fnptr";
        }
    }
}
