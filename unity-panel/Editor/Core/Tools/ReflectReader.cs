using System;
using System.Collections;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>The engine-specific parts of a reflection path, implemented by the Editor (scene, instance ids, selection, Scene view).</summary>
    internal interface IReflectRoots
    {
        /// <summary>The object a scene hierarchy path names, using as many leading segments as form the path; <paramref name="used"/> says how many.</summary>
        object Scene(IReadOnlyList<ReflectSegment> segments, out int used);

        /// <summary>The object with this instance id (throw ReflectPathException when there is none).</summary>
        object Id(int instanceId);

        /// <summary>The active selected object (throw ReflectPathException when nothing is selected).</summary>
        object Selection();

        /// <summary>The last active Scene view's part ("camera", "view", "pivot"…).</summary>
        object SceneView(string part);

        /// <summary>An engine step plain reflection cannot take (a GameObject's component by type name); false to use reflection.</summary>
        bool TryStep(object current, ReflectSegment segment, out object next);

        /// <summary>A short reference for an engine object ({name, type, instanceId}); null for plain values, which are dumped.</summary>
        JToken Reference(object value);
    }

    /// <summary>
    /// Follows a parsed reflection path member by member (fields and properties, public or not; list indexes; dictionary
    /// keys) and writes the value as bounded JSON. Plain .NET objects need no engine: the roots interface is only asked for
    /// the @scene/@id/@selection/@sceneview starts and engine-specific steps.
    /// </summary>
    internal sealed class ReflectReader
    {
        private const BindingFlags Instance = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance;
        private const BindingFlags Static = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static;
        private readonly IReflectRoots roots;

        public ReflectReader(IReflectRoots roots)
        {
            this.roots = roots;
        }

        /// <summary>Largest number of list items or members written per object.</summary>
        public int MaxItems { get; set; } = 50;

        /// <summary>How deep nested plain objects are written.</summary>
        public int MaxDepth { get; set; } = 3;

        /// <summary>Read a path: {path, type, value}; a path that cannot be followed throws ReflectPathException.</summary>
        public JObject Read(string path)
        {
            var parsed = ReflectPath.Parse(path);
            var value = Resolve(parsed, out var declared);
            return new JObject
            {
                ["path"] = parsed.Text,
                ["type"] = (value?.GetType() ?? declared)?.FullName,
                ["value"] = ToJson(value, 0),
            };
        }

        /// <summary>The object at the end of the path (and the declared type of the last member, for null values).</summary>
        public object Resolve(ReflectPath path, out Type declared)
        {
            object current;
            Type staticType = null;
            var start = 0;
            declared = null;
            switch (path.Root)
            {
                case ReflectRootKind.Type:
                    staticType = FindType(path.Argument) ?? throw new ReflectPathException(path.Text, $"no loaded type is named '{path.Argument}' (use the full name, e.g. UnityEditor.EditorApplication)");
                    current = null;
                    break;
                case ReflectRootKind.Scene:
                    current = Need(path).Scene(path.Segments, out start);
                    break;
                case ReflectRootKind.Id:
                    current = Need(path).Id(int.Parse(path.Argument, System.Globalization.CultureInfo.InvariantCulture));
                    break;
                case ReflectRootKind.Selection:
                    current = Need(path).Selection();
                    break;
                default:
                    current = Need(path).SceneView(path.Argument);
                    break;
            }
            for (var i = start; i < path.Segments.Count; i++)
            {
                var segment = path.Segments[i];
                if (staticType == null && current == null) throw new ReflectPathException(path.Text, $"'{path.Segments[i - 1 >= 0 ? i - 1 : 0]}' is null, so '{segment}' cannot be read");
                if (staticType == null && roots != null && roots.TryStep(current, segment, out var stepped))
                {
                    current = stepped;
                    declared = stepped?.GetType();
                    continue;
                }
                if (segment.Name.Length > 0)
                {
                    current = Member(staticType ?? current.GetType(), staticType == null ? current : null, segment, path.Text, out declared);
                    staticType = null;
                }
                foreach (var index in segment.Indexes)
                {
                    if (current == null) throw new ReflectPathException(path.Text, $"'{segment}' is null, so it cannot be indexed");
                    current = Index(current, index, segment, path.Text);
                    declared = current?.GetType();
                }
            }
            if (staticType != null) throw new ReflectPathException(path.Text, $"name a static member of {staticType.FullName} after the type");
            return current;
        }

        /// <summary>A bounded JSON view of a value: engine objects as references, plain objects by their public members.</summary>
        public JToken ToJson(object value, int depth)
        {
            if (value == null) return JValue.CreateNull();
            var reference = roots?.Reference(value);
            if (reference != null) return reference;
            var type = value.GetType();
            if (value is string || type.IsPrimitive || value is decimal) return new JValue(value);
            if (value is Enum) return new JValue(value.ToString());
            if (value is Type t) return new JValue(t.FullName);
            if (value is JToken token) return token.DeepClone();
            if (ToolTypes.IsVectorShape(type)) return JToken.FromObject(value, ToolJson.Serializer);
            if (depth >= MaxDepth) return new JValue(value.ToString());
            if (value is IDictionary dict)
            {
                var obj = new JObject();
                foreach (DictionaryEntry e in dict)
                {
                    if (obj.Count >= MaxItems) break;
                    obj[Convert.ToString(e.Key, System.Globalization.CultureInfo.InvariantCulture) ?? ""] = ToJson(e.Value, depth + 1);
                }
                return obj;
            }
            if (value is IEnumerable items)
            {
                var array = new JArray();
                foreach (var item in items)
                {
                    if (array.Count >= MaxItems)
                    {
                        array.Add("…");
                        break;
                    }
                    array.Add(ToJson(item, depth + 1));
                }
                return array;
            }
            var members = new JObject();
            foreach (var field in type.GetFields(BindingFlags.Public | BindingFlags.Instance).Take(MaxItems)) members[field.Name] = Safe(() => field.GetValue(value), depth);
            foreach (var property in type.GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.CanRead && p.GetIndexParameters().Length == 0).Take(MaxItems - members.Count))
                members[property.Name] = Safe(() => property.GetValue(value), depth);
            return members;
        }

        private JToken Safe(Func<object> read, int depth)
        {
            try
            {
                return ToJson(read(), depth + 1);
            }
            catch (Exception e)
            {
                var inner = e is TargetInvocationException tie && tie.InnerException != null ? tie.InnerException : e;
                return new JObject { ["error"] = inner.Message };
            }
        }

        private IReflectRoots Need(ReflectPath path) => roots ?? throw new ReflectPathException(path.Text, $"the {path.Root} root needs the Unity Editor");

        private static object Member(Type type, object target, ReflectSegment segment, string path, out Type declared)
        {
            var flags = target == null ? Static : Instance;
            foreach (var comparison in new[] { StringComparison.Ordinal, StringComparison.OrdinalIgnoreCase })
            {
                for (var t = type; t != null; t = t.BaseType)
                {
                    var property = t.GetProperties(flags | BindingFlags.DeclaredOnly).FirstOrDefault(p => string.Equals(p.Name, segment.Name, comparison) && p.GetIndexParameters().Length == 0 && p.CanRead);
                    if (property != null)
                    {
                        declared = property.PropertyType;
                        return Invoke(() => property.GetValue(target), segment, path);
                    }
                    var field = t.GetFields(flags | BindingFlags.DeclaredOnly).FirstOrDefault(f => string.Equals(f.Name, segment.Name, comparison));
                    if (field != null)
                    {
                        declared = field.FieldType;
                        return Invoke(() => field.GetValue(target), segment, path);
                    }
                }
            }
            var kind = target == null ? "static " : "";
            throw new ReflectPathException(path, $"{type.FullName} has no {kind}field or property '{segment.Name}'");
        }

        private static object Invoke(Func<object> read, ReflectSegment segment, string path)
        {
            try
            {
                return read();
            }
            catch (TargetInvocationException e) when (e.InnerException != null)
            {
                throw new ReflectPathException(path, $"reading '{segment.Name}' threw {e.InnerException.GetType().Name}: {e.InnerException.Message}");
            }
        }

        private static object Index(object current, object index, ReflectSegment segment, string path)
        {
            if (index is string key)
            {
                if (current is IDictionary dict)
                {
                    if (!dict.Contains(key)) throw new ReflectPathException(path, $"'{segment}' has no key \"{key}\"");
                    return dict[key];
                }
                throw new ReflectPathException(path, $"'{segment}' is a {current.GetType().Name}, not a dictionary");
            }
            var i = (int)index;
            if (current is IList list)
            {
                if (i < 0 || i >= list.Count) throw new ReflectPathException(path, $"index {i} is outside '{segment}' (it has {list.Count} items)");
                return list[i];
            }
            if (current is IEnumerable items && !(current is string))
            {
                var n = 0;
                foreach (var item in items)
                {
                    if (n++ == i) return item;
                }
                throw new ReflectPathException(path, $"index {i} is outside '{segment}' (it has {n} items)");
            }
            throw new ReflectPathException(path, $"'{segment}' is a {current.GetType().Name}, which cannot be indexed");
        }

        /// <summary>A loaded type by full name (or by short name when only one type has it).</summary>
        public static Type FindType(string name)
        {
            var assemblies = AppDomain.CurrentDomain.GetAssemblies();
            foreach (var assembly in assemblies)
            {
                var exact = assembly.GetType(name, false);
                if (exact != null) return exact;
            }
            var matches = new List<Type>();
            foreach (var assembly in assemblies)
            {
                Type[] types;
                try
                {
                    types = assembly.GetTypes();
                }
                catch (ReflectionTypeLoadException e)
                {
                    types = e.Types.Where(x => x != null).ToArray();
                }
                catch (Exception)
                {
                    continue;
                }
                matches.AddRange(types.Where(x => x.Name == name || x.FullName?.Replace('+', '.') == name));
            }
            return matches.Count == 1 ? matches[0] : matches.FirstOrDefault(x => x.IsPublic);
        }
    }
}
