using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>What kind of JSON value a .NET type is read from; the schema and the binder both follow it.</summary>
    internal enum ToolTypeKind
    {
        String,
        Boolean,
        Integer,
        Number,
        Enum,
        Array,
        Dictionary,
        Object,
        Vector,
        Json,
        Unsupported,
    }

    /// <summary>The JSON view of one .NET type: kind, element type, members (for objects and vector shapes).</summary>
    internal sealed class ToolTypeInfo
    {
        public Type Type;
        /// <summary>The type values are created as (Nullable&lt;T&gt;'s T).</summary>
        public Type ValueType;
        public bool Nullable;
        public ToolTypeKind Kind;
        public ToolTypeInfo Element;
        public List<ToolMember> Members;
        /// <summary>Why the type cannot be used (Kind == Unsupported).</summary>
        public string Problem;
    }

    /// <summary>A settable member of an argument object (or a Parameters class property), with its JSON name and metadata.</summary>
    internal sealed class ToolMember
    {
        public string JsonName;
        public string ClrName;
        public ToolTypeInfo Info;
        public string Description;
        public bool Required;
        public JToken Default;
        /// <summary>Allowed values of a string member declared with ToolParameter.EnumType.</summary>
        public string[] EnumNames;
        public Action<object, object> Set;
        public Func<object, object> Get;
    }

    /// <summary>
    /// Classifies .NET types for tool inputs. Unity's math types are recognised by shape (their name plus the x/y/z/w or
    /// r/g/b/a members), so this Core never references UnityEngine.
    /// </summary>
    internal static class ToolTypes
    {
        private const int MaxDepth = 8;
        private static readonly Dictionary<string, string[]> Shapes = new Dictionary<string, string[]>
        {
            ["Vector2"] = new[] { "x", "y" },
            ["Vector3"] = new[] { "x", "y", "z" },
            ["Vector4"] = new[] { "x", "y", "z", "w" },
            ["Quaternion"] = new[] { "x", "y", "z", "w" },
            ["Color"] = new[] { "r", "g", "b", "a" },
            ["Color32"] = new[] { "r", "g", "b", "a" },
            ["Vector2Int"] = new[] { "x", "y" },
            ["Vector3Int"] = new[] { "x", "y", "z" },
        };

        /// <summary>Classify a type (never throws; unusable types come back as Unsupported with the reason).</summary>
        public static ToolTypeInfo Describe(Type type) => Describe(type, new List<Type>());

        /// <summary>True for a Vector/Quaternion/Color-shaped value type.</summary>
        public static bool IsVectorShape(Type type) => VectorMembers(type) != null;

        /// <summary>Every member description the ToolParameter or Description attribute gives.</summary>
        public static string DescriptionOf(ICustomAttributeProvider member)
        {
            var tool = member.GetCustomAttributes(typeof(ToolParameterAttribute), true).OfType<ToolParameterAttribute>().FirstOrDefault();
            if (!string.IsNullOrEmpty(tool?.Description)) return tool.Description;
            var plain = member.GetCustomAttributes(typeof(System.ComponentModel.DescriptionAttribute), true).OfType<System.ComponentModel.DescriptionAttribute>().FirstOrDefault();
            return string.IsNullOrEmpty(plain?.Description) ? null : plain.Description;
        }

        private static ToolTypeInfo Describe(Type type, List<Type> stack)
        {
            var info = new ToolTypeInfo { Type = type, ValueType = type };
            var underlying = System.Nullable.GetUnderlyingType(type);
            if (underlying != null)
            {
                info.ValueType = underlying;
                info.Nullable = true;
            }
            else
            {
                info.Nullable = !type.IsValueType;
            }
            var t = info.ValueType;
            if (t == typeof(string) || t == typeof(char)) info.Kind = ToolTypeKind.String;
            else if (t == typeof(bool)) info.Kind = ToolTypeKind.Boolean;
            else if (t == typeof(int) || t == typeof(long) || t == typeof(short) || t == typeof(byte) || t == typeof(sbyte) || t == typeof(uint) || t == typeof(ushort) || t == typeof(ulong)) info.Kind = ToolTypeKind.Integer;
            else if (t == typeof(float) || t == typeof(double) || t == typeof(decimal)) info.Kind = ToolTypeKind.Number;
            else if (t.IsEnum) info.Kind = ToolTypeKind.Enum;
            else if (typeof(JToken).IsAssignableFrom(t) || t == typeof(object)) info.Kind = ToolTypeKind.Json;
            else if (stack.Count >= MaxDepth) return Unsupported(info, $"nested more than {MaxDepth} levels deep");
            else if (stack.Contains(t)) return Unsupported(info, $"{t.Name} contains itself (recursive types cannot be a tool input)");
            else
            {
                stack.Add(t);
                try
                {
                    DescribeComposite(info, t, stack);
                }
                finally
                {
                    stack.RemoveAt(stack.Count - 1);
                }
            }
            return info;
        }

        private static void DescribeComposite(ToolTypeInfo info, Type t, List<Type> stack)
        {
            var element = ElementType(t);
            if (element != null)
            {
                info.Kind = ToolTypeKind.Array;
                info.Element = Describe(element, stack);
                if (info.Element.Kind == ToolTypeKind.Unsupported) Unsupported(info, "its items: " + info.Element.Problem);
                return;
            }
            var value = DictionaryValueType(t);
            if (value != null)
            {
                info.Kind = ToolTypeKind.Dictionary;
                info.Element = Describe(value, stack);
                if (info.Element.Kind == ToolTypeKind.Unsupported) Unsupported(info, "its values: " + info.Element.Problem);
                return;
            }
            var vector = VectorMembers(t);
            if (vector != null)
            {
                info.Kind = ToolTypeKind.Vector;
                info.Members = vector;
                return;
            }
            if (IsUnityObject(t))
            {
                Unsupported(info, $"{t.Name} is a Unity object reference, which JSON cannot carry; take its path or instance id (string or int) instead");
                return;
            }
            if (t.IsAbstract || t.IsInterface || typeof(Delegate).IsAssignableFrom(t) || t.IsPointer || t.IsGenericTypeDefinition)
            {
                Unsupported(info, $"{t.Name} is not a concrete data type");
                return;
            }
            if (!t.IsValueType && t.GetConstructor(Type.EmptyTypes) == null)
            {
                Unsupported(info, $"{t.Name} has no public parameterless constructor");
                return;
            }
            info.Kind = ToolTypeKind.Object;
            info.Members = new List<ToolMember>();
            foreach (var member in DataMembers(t))
            {
                var memberType = member is PropertyInfo p ? p.PropertyType : ((FieldInfo)member).FieldType;
                var described = Member(member, memberType, Describe(memberType, stack));
                if (described.Info.Kind == ToolTypeKind.Unsupported)
                {
                    Unsupported(info, $"{t.Name}.{member.Name}: {described.Info.Problem}");
                    return;
                }
                info.Members.Add(described);
            }
        }

        /// <summary>A member's JSON view: name, description, required, default and allowed values from its attributes.</summary>
        public static ToolMember Member(MemberInfo member, Type memberType, ToolTypeInfo info)
        {
            var attribute = member.GetCustomAttribute<ToolParameterAttribute>(true);
            var json = member.GetCustomAttribute<Newtonsoft.Json.JsonPropertyAttribute>(true);
            var name = !string.IsNullOrEmpty(attribute?.Name) ? attribute.Name : !string.IsNullOrEmpty(json?.PropertyName) ? json.PropertyName : ToolNames.ToSnakeCase(member.Name);
            var result = new ToolMember
            {
                JsonName = name,
                ClrName = member.Name,
                Info = info,
                Description = DescriptionOf(member),
                Required = attribute?.Required ?? false,
                Default = attribute?.Default == null ? null : DefaultToken(attribute.Default, info),
            };
            if (member is PropertyInfo property)
            {
                result.Set = property.SetValue;
                result.Get = property.GetValue;
            }
            else if (member is FieldInfo field)
            {
                result.Set = field.SetValue;
                result.Get = field.GetValue;
            }
            return result;
        }

        /// <summary>A declared default as JSON of the input's kind ("5" for an integer input becomes 5).</summary>
        public static JToken DefaultToken(object value, ToolTypeInfo info)
        {
            if (value is string text && info != null)
            {
                var invariant = System.Globalization.CultureInfo.InvariantCulture;
                if (info.Kind == ToolTypeKind.Integer && long.TryParse(text, System.Globalization.NumberStyles.Integer, invariant, out var l)) return new JValue(l);
                if (info.Kind == ToolTypeKind.Number && double.TryParse(text, System.Globalization.NumberStyles.Float, invariant, out var d)) return new JValue(d);
                if (info.Kind == ToolTypeKind.Boolean && bool.TryParse(text, out var b)) return new JValue(b);
            }
            if (value is Enum) return new JValue(value.ToString());
            try
            {
                return JToken.FromObject(value, ToolJson.Serializer);
            }
            catch (Exception)
            {
                return new JValue(value.ToString());
            }
        }

        private static IEnumerable<MemberInfo> DataMembers(Type t)
        {
            const BindingFlags flags = BindingFlags.Public | BindingFlags.Instance;
            var members = new List<MemberInfo>();
            members.AddRange(t.GetProperties(flags).Where(p => p.CanWrite && p.GetSetMethod() != null && p.GetIndexParameters().Length == 0));
            members.AddRange(t.GetFields(flags).Where(f => !f.IsInitOnly && !f.IsLiteral));
            return members.Where(m => m.GetCustomAttribute<Newtonsoft.Json.JsonIgnoreAttribute>(true) == null).OrderBy(m => m.MetadataToken);
        }

        private static List<ToolMember> VectorMembers(Type t)
        {
            if (!t.IsValueType || !Shapes.TryGetValue(t.Name, out var names)) return null;
            var members = new List<ToolMember>();
            foreach (var name in names)
            {
                MemberInfo member = t.GetField(name, BindingFlags.Public | BindingFlags.Instance);
                var memberType = (member as FieldInfo)?.FieldType;
                if (member == null)
                {
                    var property = t.GetProperty(name, BindingFlags.Public | BindingFlags.Instance);
                    if (property == null || !property.CanWrite || property.GetSetMethod() == null) return null;
                    member = property;
                    memberType = property.PropertyType;
                }
                var kind = memberType == typeof(float) || memberType == typeof(double) ? ToolTypeKind.Number : memberType == typeof(int) || memberType == typeof(byte) ? ToolTypeKind.Integer : ToolTypeKind.Unsupported;
                if (kind == ToolTypeKind.Unsupported) return null;
                var info = new ToolTypeInfo { Type = memberType, ValueType = memberType, Kind = kind };
                var m = Member(member, memberType, info);
                m.JsonName = name;
                // Alpha may be left out: opaque (1 for Color, 255 for Color32).
                m.Required = name != "a";
                if (name == "a") m.Default = memberType == typeof(byte) ? new JValue(255) : new JValue(1.0);
                members.Add(m);
            }
            return members;
        }

        private static Type ElementType(Type t)
        {
            if (t.IsArray) return t.GetArrayRank() == 1 ? t.GetElementType() : null;
            if (!t.IsGenericType) return null;
            var definition = t.GetGenericTypeDefinition();
            if (definition == typeof(List<>) || definition == typeof(IList<>) || definition == typeof(IEnumerable<>) || definition == typeof(IReadOnlyList<>) || definition == typeof(ICollection<>) || definition == typeof(IReadOnlyCollection<>))
                return t.GetGenericArguments()[0];
            return null;
        }

        private static Type DictionaryValueType(Type t)
        {
            if (!t.IsGenericType) return null;
            var definition = t.GetGenericTypeDefinition();
            if (definition != typeof(Dictionary<,>) && definition != typeof(IDictionary<,>) && definition != typeof(IReadOnlyDictionary<,>)) return null;
            var args = t.GetGenericArguments();
            return args[0] == typeof(string) ? args[1] : null;
        }

        private static bool IsUnityObject(Type t)
        {
            for (var b = t; b != null; b = b.BaseType)
            {
                if (b.FullName == "UnityEngine.Object") return true;
            }
            return false;
        }

        private static ToolTypeInfo Unsupported(ToolTypeInfo info, string problem)
        {
            info.Kind = ToolTypeKind.Unsupported;
            info.Problem = problem;
            return info;
        }
    }
}
