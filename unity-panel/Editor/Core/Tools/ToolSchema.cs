using System.Collections.Generic;
using System.Linq;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>JSON Schema for tool inputs and outputs, generated from the same type model the binder reads values with.</summary>
    internal static class ToolSchema
    {
        /// <summary>An object schema from named inputs; <paramref name="closed"/> refuses unknown properties.</summary>
        public static JObject ForObject(IEnumerable<ToolMember> members, bool closed)
        {
            var properties = new JObject();
            var required = new JArray();
            foreach (var m in members)
            {
                properties[m.JsonName] = ForMember(m);
                if (m.Required) required.Add(m.JsonName);
            }
            var schema = new JObject { ["type"] = "object", ["properties"] = properties };
            if (required.Count > 0) schema["required"] = required;
            if (closed) schema["additionalProperties"] = false;
            return schema;
        }

        /// <summary>The schema of one input: its type's schema plus description, default and allowed names.</summary>
        public static JObject ForMember(ToolMember member)
        {
            var schema = ForType(member.Info);
            if (member.EnumNames != null && member.Info.Kind == ToolTypeKind.String) schema["enum"] = new JArray(member.EnumNames.Cast<object>().ToArray());
            if (!string.IsNullOrEmpty(member.Description)) schema["description"] = member.Description;
            if (member.Default != null) schema["default"] = member.Default.DeepClone();
            return schema;
        }

        /// <summary>The schema of a type (objects are closed: their members are all there is).</summary>
        public static JObject ForType(ToolTypeInfo info)
        {
            switch (info.Kind)
            {
                case ToolTypeKind.String: return new JObject { ["type"] = "string" };
                case ToolTypeKind.Boolean: return new JObject { ["type"] = "boolean" };
                case ToolTypeKind.Integer: return new JObject { ["type"] = "integer" };
                case ToolTypeKind.Number: return new JObject { ["type"] = "number" };
                case ToolTypeKind.Enum: return new JObject { ["type"] = "string", ["enum"] = new JArray(System.Enum.GetNames(info.ValueType).Cast<object>().ToArray()) };
                case ToolTypeKind.Array: return new JObject { ["type"] = "array", ["items"] = ForType(info.Element) };
                case ToolTypeKind.Dictionary: return new JObject { ["type"] = "object", ["additionalProperties"] = ForType(info.Element) };
                case ToolTypeKind.Vector:
                case ToolTypeKind.Object:
                {
                    var schema = ForObject(info.Members, true);
                    schema["title"] = info.ValueType.Name;
                    return schema;
                }
                case ToolTypeKind.Json:
                    return typeof(JObject).IsAssignableFrom(info.ValueType) ? new JObject { ["type"] = "object" } : typeof(JArray).IsAssignableFrom(info.ValueType) ? new JObject { ["type"] = "array" } : new JObject();
                default:
                    return new JObject();
            }
        }
    }
}
