using System;
using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace AgentPanel.ApiExtractor
{
    /// <summary>C# source text for constant values (const fields, enum values, default parameter values, attribute arguments).</summary>
    internal static class Literals
    {
        public static readonly SymbolDisplayFormat TypeFormat = new SymbolDisplayFormat(
            globalNamespaceStyle: SymbolDisplayGlobalNamespaceStyle.Included,
            typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameAndContainingTypesAndNamespaces,
            genericsOptions: SymbolDisplayGenericsOptions.IncludeTypeParameters,
            miscellaneousOptions: SymbolDisplayMiscellaneousOptions.EscapeKeywordIdentifiers | SymbolDisplayMiscellaneousOptions.UseSpecialTypes);

        public static string Type(ITypeSymbol type) => type.ToDisplayString(TypeFormat);

        /// <summary>An identifier, escaped when it is a keyword.</summary>
        public static string Name(string name) =>
            SyntaxFacts.GetKeywordKind(name) != SyntaxKind.None || SyntaxFacts.GetContextualKeywordKind(name) == SyntaxKind.AwaitKeyword ? "@" + name : name;

        /// <summary>The value <paramref name="value"/> as an expression of type <paramref name="type"/>.</summary>
        public static string Of(object value, ITypeSymbol type)
        {
            if (type is INamedTypeSymbol nullable && nullable.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
            {
                return value == null ? "null" : Of(value, nullable.TypeArguments[0]);
            }
            if (value == null) return type.IsReferenceType ? "null" : "default";
            if (type.TypeKind == TypeKind.Enum)
            {
                var number = Number(value);
                return "(" + Type(type) + ")" + (number.StartsWith("-") ? "(" + number + ")" : number);
            }
            return Number(value);
        }

        /// <summary>A literal for a primitive value, with the suffix its type needs.</summary>
        public static string Number(object value)
        {
            switch (value)
            {
                case bool b: return b ? "true" : "false";
                case string s: return SymbolDisplay.FormatLiteral(s, true);
                case char c: return SymbolDisplay.FormatLiteral(c, true);
                case float f:
                    if (float.IsNaN(f)) return "float.NaN";
                    if (float.IsPositiveInfinity(f)) return "float.PositiveInfinity";
                    if (float.IsNegativeInfinity(f)) return "float.NegativeInfinity";
                    return f.ToString("R", CultureInfo.InvariantCulture) + "f";
                case double d:
                    if (double.IsNaN(d)) return "double.NaN";
                    if (double.IsPositiveInfinity(d)) return "double.PositiveInfinity";
                    if (double.IsNegativeInfinity(d)) return "double.NegativeInfinity";
                    return d.ToString("R", CultureInfo.InvariantCulture) + "d";
                case decimal m: return m.ToString(CultureInfo.InvariantCulture) + "m";
                case long l: return l == long.MinValue ? "long.MinValue" : l.ToString(CultureInfo.InvariantCulture) + "L";
                case ulong ul: return ul.ToString(CultureInfo.InvariantCulture) + "UL";
                case uint u: return u.ToString(CultureInfo.InvariantCulture) + "U";
                case int i: return i == int.MinValue ? "int.MinValue" : i.ToString(CultureInfo.InvariantCulture);
                case IFormattable other: return other.ToString(null, CultureInfo.InvariantCulture);
                default: throw new InvalidOperationException("no literal for " + value.GetType());
            }
        }

        /// <summary>An attribute argument (typed constant) as source text.</summary>
        public static string Of(TypedConstant constant)
        {
            if (constant.Kind == TypedConstantKind.Array) return "null";
            if (constant.Kind == TypedConstantKind.Type) return "typeof(" + Type((ITypeSymbol)constant.Value) + ")";
            return Of(constant.Value, constant.Type);
        }
    }
}
