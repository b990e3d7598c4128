using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>A JSON argument that does not fit its input; <see cref="Path"/> names it (e.g. "position.x", "names[2]").</summary>
    internal sealed class ToolBindException : Exception
    {
        public ToolBindException(string path, string message)
            : base(message)
        {
            Path = path;
        }

        /// <summary>The offending input, dotted from the top-level parameter.</summary>
        public string Path { get; }
    }

    /// <summary>Turns JSON arguments into typed .NET values as strictly as the published schema says, naming the input on error.</summary>
    internal static class ToolBinder
    {
        /// <summary>Read one value of the described type at <paramref name="path"/>.</summary>
        public static object Bind(JToken token, ToolTypeInfo info, string path)
        {
            if (token == null || token.Type == JTokenType.Null || token.Type == JTokenType.Undefined)
            {
                if (info.Nullable) return null;
                throw Fail(path, $"must not be null (expected {Expected(info)})");
            }
            switch (info.Kind)
            {
                case ToolTypeKind.String:
                    if (token.Type != JTokenType.String) throw Wrong(path, info, token);
                    var text = (string)token;
                    if (info.ValueType == typeof(char))
                    {
                        if (text.Length != 1) throw Fail(path, "expected a single character");
                        return text[0];
                    }
                    return text;
                case ToolTypeKind.Boolean:
                    if (token.Type != JTokenType.Boolean) throw Wrong(path, info, token);
                    return (bool)token;
                case ToolTypeKind.Integer:
                    return Integer(token, info, path);
                case ToolTypeKind.Number:
                    if (token.Type != JTokenType.Integer && token.Type != JTokenType.Float) throw Wrong(path, info, token);
                    return Convert.ChangeType((double)token, info.ValueType, CultureInfo.InvariantCulture);
                case ToolTypeKind.Enum:
                    return EnumValue(token, info, path);
                case ToolTypeKind.Array:
                    return Array(token, info, path);
                case ToolTypeKind.Dictionary:
                    return Dictionary(token, info, path);
                case ToolTypeKind.Object:
                case ToolTypeKind.Vector:
                    if (!(token is JObject obj)) throw Wrong(path, info, token);
                    return Object(obj, info, path);
                case ToolTypeKind.Json:
                    if (info.ValueType == typeof(object) || info.ValueType.IsInstanceOfType(token)) return token.DeepClone();
                    throw Wrong(path, info, token);
                default:
                    throw Fail(path, "cannot be read from JSON: " + info.Problem);
            }
        }

        /// <summary>Fill an object's members from a JSON object: unknown keys and missing required members are errors; declared defaults apply.</summary>
        public static object Object(JObject obj, ToolTypeInfo info, string path)
        {
            var target = Activator.CreateInstance(info.ValueType);
            var known = new HashSet<string>(info.Members.Select(m => m.JsonName), StringComparer.Ordinal);
            foreach (var property in obj.Properties())
            {
                if (!known.Contains(property.Name)) throw Unknown(Join(path, property.Name), property.Name, info.Members);
            }
            foreach (var m in info.Members)
            {
                var token = obj[m.JsonName];
                var memberPath = Join(path, m.JsonName);
                if (token == null)
                {
                    if (m.Required) throw Fail(memberPath, $"is required (expected {Expected(m.Info)})");
                    if (m.Default == null) continue;
                    token = m.Default;
                }
                CheckAllowed(token, m, memberPath);
                m.Set(target, Bind(token, m.Info, memberPath));
            }
            return target;
        }

        /// <summary>Refuse a value outside a string input's EnumType names.</summary>
        public static void CheckAllowed(JToken token, ToolMember member, string path)
        {
            if (member.EnumNames == null || token.Type != JTokenType.String) return;
            if (!member.EnumNames.Contains((string)token, StringComparer.Ordinal)) throw Fail(path, $"must be one of {string.Join(", ", member.EnumNames)} (got \"{(string)token}\")");
        }

        /// <summary>The error for an argument nobody declared, suggesting the closest declared name.</summary>
        public static ToolBindException Unknown(string path, string name, IEnumerable<ToolMember> members)
        {
            var names = members.Select(m => m.JsonName).ToList();
            var close = names.FirstOrDefault(n => ToolNames.Loose(n) == ToolNames.Loose(name));
            var hint = close != null ? $"; did you mean '{close}'?" : names.Count == 0 ? "; this takes no arguments" : $"; expected one of: {string.Join(", ", names)}";
            return new ToolBindException(path, $"Unknown parameter '{path}'{hint}");
        }

        /// <summary>The error for an invalid value at <paramref name="path"/>.</summary>
        public static ToolBindException Fail(string path, string what) => new ToolBindException(path, $"Invalid parameter '{path}': {what}.");

        private static object Integer(JToken token, ToolTypeInfo info, string path)
        {
            decimal value;
            if (token.Type == JTokenType.Integer) value = token.ToObject<decimal>();
            else if (token.Type == JTokenType.Float && Math.Floor((double)token) == (double)token && !double.IsInfinity((double)token)) value = (decimal)(double)token;
            else throw Wrong(path, info, token);
            try
            {
                return Convert.ChangeType(value, info.ValueType, CultureInfo.InvariantCulture);
            }
            catch (OverflowException)
            {
                throw Fail(path, $"{value} is out of range for {info.ValueType.Name}");
            }
        }

        private static object EnumValue(JToken token, ToolTypeInfo info, string path)
        {
            var names = Enum.GetNames(info.ValueType);
            if (token.Type == JTokenType.String)
            {
                var text = (string)token;
                var match = names.FirstOrDefault(n => n == text) ?? names.FirstOrDefault(n => string.Equals(n, text, StringComparison.OrdinalIgnoreCase));
                if (match != null) return Enum.Parse(info.ValueType, match);
            }
            throw Fail(path, $"must be one of {string.Join(", ", names)} (got {Show(token)})");
        }

        private static object Array(JToken token, ToolTypeInfo info, string path)
        {
            if (!(token is JArray array)) throw Wrong(path, info, token);
            var elementType = info.Element.Type;
            var list = (IList)Activator.CreateInstance(typeof(List<>).MakeGenericType(elementType));
            for (var i = 0; i < array.Count; i++) list.Add(Bind(array[i], info.Element, $"{path}[{i}]"));
            if (!info.ValueType.IsArray) return list;
            var result = System.Array.CreateInstance(elementType, list.Count);
            list.CopyTo(result, 0);
            return result;
        }

        private static object Dictionary(JToken token, ToolTypeInfo info, string path)
        {
            if (!(token is JObject obj)) throw Wrong(path, info, token);
            var dict = (IDictionary)Activator.CreateInstance(typeof(Dictionary<,>).MakeGenericType(typeof(string), info.Element.Type));
            foreach (var p in obj.Properties()) dict[p.Name] = Bind(p.Value, info.Element, Join(path, p.Name));
            return dict;
        }

        private static ToolBindException Wrong(string path, ToolTypeInfo info, JToken token) => Fail(path, $"expected {Expected(info)}, got {Show(token)}");

        private static string Expected(ToolTypeInfo info)
        {
            switch (info.Kind)
            {
                case ToolTypeKind.String: return "a string";
                case ToolTypeKind.Boolean: return "true or false";
                case ToolTypeKind.Integer: return "an integer";
                case ToolTypeKind.Number: return "a number";
                case ToolTypeKind.Enum: return "one of " + string.Join(", ", Enum.GetNames(info.ValueType));
                case ToolTypeKind.Array: return "an array";
                case ToolTypeKind.Vector: return "an object {" + string.Join(", ", info.Members.Select(m => m.JsonName)) + "}";
                case ToolTypeKind.Json when info.ValueType == typeof(JArray): return "an array";
                default: return "an object";
            }
        }

        private static string Show(JToken token)
        {
            var text = token.ToString(Newtonsoft.Json.Formatting.None);
            if (text.Length > 40) text = text.Substring(0, 40) + "…";
            switch (token.Type)
            {
                case JTokenType.String: return "string " + text;
                case JTokenType.Integer:
                case JTokenType.Float: return "number " + text;
                case JTokenType.Boolean: return text;
                case JTokenType.Array: return "an array";
                case JTokenType.Object: return "an object";
                default: return text;
            }
        }

        private static string Join(string path, string name) => string.IsNullOrEmpty(path) ? name : path + "." + name;
    }
}
