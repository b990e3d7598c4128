using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace AgentPanel.Core.Tools
{
    /// <summary>Where a reflection path starts.</summary>
    internal enum ReflectRootKind
    {
        /// <summary>@type:Ns.Type (or a bare type name): the type's static members.</summary>
        Type,
        /// <summary>@scene:/Parent/Child[1]: a GameObject by hierarchy path (then optionally a component type name).</summary>
        Scene,
        /// <summary>@id:&lt;instanceId&gt;: a Unity object by instance id.</summary>
        Id,
        /// <summary>@selection: the active selected GameObject.</summary>
        Selection,
        /// <summary>@sceneview:camera (or :view): the last active Scene view.</summary>
        SceneView,
    }

    /// <summary>One step after the root: a member name with optional indexes, e.g. <c>materials[0]</c> or <c>lookup["key"]</c>.</summary>
    internal sealed class ReflectSegment
    {
        public string Name;
        /// <summary>Index parts in order: an int for lists and arrays, a string for dictionary keys.</summary>
        public List<object> Indexes = new List<object>();
        /// <summary>The segment as written (for messages and for scene lookups).</summary>
        public string Text;

        public override string ToString() => Text;
    }

    /// <summary>A parsed reflection path: root, its argument, the member steps after it.</summary>
    internal sealed class ReflectPath
    {
        public ReflectRootKind Root;
        /// <summary>Type name, instance id or Scene view part ("camera"); empty for @selection and @scene.</summary>
        public string Argument;
        public List<ReflectSegment> Segments = new List<ReflectSegment>();
        public string Text;

        /// <summary>Parse a path such as <c>@selection/transform/position</c>; throws ReflectPathException saying what is wrong.</summary>
        public static ReflectPath Parse(string path)
        {
            if (string.IsNullOrWhiteSpace(path)) throw new ReflectPathException(path, "the path is empty; start it with @type:, @scene:, @id:, @selection or @sceneview:");
            var text = path.Trim();
            var result = new ReflectPath { Text = text };
            string rest;
            if (text.StartsWith("@type:", StringComparison.Ordinal)) rest = Head(text.Substring(6), result, ReflectRootKind.Type);
            else if (text.StartsWith("@id:", StringComparison.Ordinal)) rest = Head(text.Substring(4), result, ReflectRootKind.Id);
            else if (text.StartsWith("@sceneview:", StringComparison.Ordinal)) rest = Head(text.Substring(11), result, ReflectRootKind.SceneView);
            else if (text.StartsWith("@scene:", StringComparison.Ordinal))
            {
                result.Root = ReflectRootKind.Scene;
                result.Argument = "";
                rest = text.Substring(7).TrimStart('/');
            }
            else if (text == "@selection" || text.StartsWith("@selection/", StringComparison.Ordinal))
            {
                result.Root = ReflectRootKind.Selection;
                result.Argument = "";
                rest = text.Substring(10).TrimStart('/');
            }
            else if (text.StartsWith("@", StringComparison.Ordinal)) throw new ReflectPathException(path, "unknown root; use @type:, @scene:, @id:, @selection or @sceneview:");
            else rest = Head(text, result, ReflectRootKind.Type);
            if (string.IsNullOrEmpty(result.Argument) && result.Root != ReflectRootKind.Selection && result.Root != ReflectRootKind.Scene)
                throw new ReflectPathException(path, $"the {result.Root} root needs a value after the colon");
            if (result.Root == ReflectRootKind.Id && !int.TryParse(result.Argument, NumberStyles.Integer, CultureInfo.InvariantCulture, out _))
                throw new ReflectPathException(path, $"'{result.Argument}' is not an instance id (an integer)");
            foreach (var part in Split(rest)) result.Segments.Add(Segment(part, path));
            return result;
        }

        private static string Head(string text, ReflectPath result, ReflectRootKind kind)
        {
            result.Root = kind;
            var slash = text.IndexOf('/');
            result.Argument = slash < 0 ? text : text.Substring(0, slash);
            return slash < 0 ? "" : text.Substring(slash + 1);
        }

        /// <summary>Split on '/' outside quotes and brackets (a dictionary key may hold a slash).</summary>
        private static IEnumerable<string> Split(string rest)
        {
            var current = new StringBuilder();
            var depth = 0;
            var quoted = false;
            foreach (var c in rest)
            {
                if (c == '"') quoted = !quoted;
                else if (!quoted && c == '[') depth++;
                else if (!quoted && c == ']') depth--;
                if (c == '/' && depth == 0 && !quoted)
                {
                    if (current.Length > 0) yield return current.ToString();
                    current.Clear();
                    continue;
                }
                current.Append(c);
            }
            if (current.Length > 0) yield return current.ToString();
        }

        /// <summary>Parse one segment: <c>name</c>, <c>name[2]</c>, <c>name["key"][0]</c>.</summary>
        public static ReflectSegment Segment(string text, string path)
        {
            var segment = new ReflectSegment { Text = text };
            var open = text.IndexOf('[');
            segment.Name = (open < 0 ? text : text.Substring(0, open)).Trim();
            var i = open;
            while (i >= 0 && i < text.Length)
            {
                if (text[i] != '[') throw new ReflectPathException(path, $"unexpected '{text[i]}' in segment '{text}'");
                var close = FindClose(text, i);
                if (close < 0) throw new ReflectPathException(path, $"missing ']' in segment '{text}'");
                var inside = text.Substring(i + 1, close - i - 1).Trim();
                if (inside.Length >= 2 && inside[0] == '"' && inside[inside.Length - 1] == '"') segment.Indexes.Add(inside.Substring(1, inside.Length - 2));
                else if (int.TryParse(inside, NumberStyles.Integer, CultureInfo.InvariantCulture, out var index)) segment.Indexes.Add(index);
                else throw new ReflectPathException(path, $"index '{inside}' in '{text}' must be an integer or a quoted key");
                i = close + 1;
            }
            if (segment.Name.Length == 0 && segment.Indexes.Count == 0) throw new ReflectPathException(path, "empty segment");
            return segment;
        }

        private static int FindClose(string text, int open)
        {
            var quoted = false;
            for (var i = open + 1; i < text.Length; i++)
            {
                if (text[i] == '"') quoted = !quoted;
                else if (text[i] == ']' && !quoted) return i;
            }
            return -1;
        }
    }

    /// <summary>A path that cannot be parsed or followed; the message says where and why.</summary>
    internal sealed class ReflectPathException : Exception
    {
        public ReflectPathException(string path, string message)
            : base($"{message} (path: {path})")
        {
            Path = path;
        }

        public string Path { get; }
    }
}
