using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>Reads one [AgentTool] declaration (a static method, or a class with HandleCommand) into a descriptor, or says why not.</summary>
    internal static class ToolDeclarations
    {
        /// <summary>A descriptor, or the reason the declaration is invalid, plus notes (warnings) either way.</summary>
        internal sealed class Outcome
        {
            public ToolDescriptor Tool;
            public string Problem;
            public List<ToolDiagnostic> Notes = new List<ToolDiagnostic>();
        }

        /// <summary>A static method whose parameters are the input schema.</summary>
        public static Outcome FromMethod(MethodInfo method, AgentToolAttribute attribute)
        {
            var outcome = new Outcome();
            var subject = $"{method.DeclaringType.FullName}.{method.Name}";
            if (!method.IsStatic) return Invalid(outcome, "an [AgentTool] method must be static (for a tool with state, put [AgentTool] on a class with HandleCommand(JObject))");
            if (method.IsGenericMethodDefinition || method.DeclaringType.IsGenericTypeDefinition) return Invalid(outcome, "a generic method cannot be a tool");
            var tool = Common(attribute, method.Name, method.DeclaringType, outcome);
            if (tool == null) return outcome;
            tool.Shape = ToolShape.Method;
            tool.Method = method;
            var members = new List<ToolMember>();
            foreach (var parameter in method.GetParameters())
            {
                var argument = new ToolArgument { Parameter = parameter };
                if (parameter.ParameterType.IsByRef || parameter.IsOut) return Invalid(outcome, $"parameter '{parameter.Name}' is ref/out; tool parameters are inputs only");
                if (parameter.ParameterType == typeof(CancellationToken))
                {
                    argument.IsCancellation = true;
                    tool.Arguments.Add(argument);
                    continue;
                }
                var info = ToolTypes.Describe(parameter.ParameterType);
                if (info.Kind == ToolTypeKind.Unsupported) return Invalid(outcome, $"parameter '{parameter.Name}' ({parameter.ParameterType.Name}) cannot come from JSON: {info.Problem}");
                var member = ParameterMember(parameter, info, method.DeclaringType, outcome, subject);
                argument.Member = member;
                if (tool.Destructive && member.JsonName == "dry_run" && info.ValueType == typeof(bool))
                {
                    argument.IsDryRun = true;
                    tool.HandlesDryRun = true;
                }
                else
                {
                    members.Add(member);
                }
                tool.Arguments.Add(argument);
            }
            var duplicate = members.GroupBy(m => m.JsonName).FirstOrDefault(g => g.Count() > 1);
            if (duplicate != null) return Invalid(outcome, $"two parameters are both named '{duplicate.Key}' in JSON");
            tool.InputSchema = ToolSchema.ForObject(members, true);
            if (!ReturnIsUsable(method.ReturnType, out var why)) return Invalid(outcome, why);
            outcome.Tool = tool;
            return outcome;
        }

        /// <summary>A class with HandleCommand(JObject) (static, or instance: a new instance per call) and an optional nested Parameters class.</summary>
        public static Outcome FromClass(Type type, AgentToolAttribute attribute)
        {
            var outcome = new Outcome();
            if (type.IsGenericTypeDefinition) return Invalid(outcome, "a generic class cannot be a tool");
            const BindingFlags flags = BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.FlattenHierarchy;
            var handlers = type.GetMethods(flags).Where(m => m.Name == "HandleCommand" && !m.IsGenericMethodDefinition).Where(IsJObjectHandler).ToList();
            var viaInterface = typeof(IAgentTool).IsAssignableFrom(type);
            var actions = ToolActionDeclarations.ActionMethods(type);
            if (actions.Count > 0)
            {
                if (handlers.Count > 0 || viaInterface) return Invalid(outcome, "it has both HandleCommand and [AgentToolAction] methods; keep one of the two shapes");
                var actionTool = Common(attribute, type.Name, type, outcome);
                if (actionTool == null) return outcome;
                outcome.Problem = ToolActionDeclarations.Fill(actionTool, actions, outcome);
                if (outcome.Problem == null) outcome.Tool = actionTool;
                return outcome;
            }
            if (handlers.Count > 1) return Invalid(outcome, "it has more than one public HandleCommand(JObject); keep one");
            if (handlers.Count == 0 && !viaInterface) return Invalid(outcome, "it needs a public HandleCommand(JObject) method (static or instance) returning object, Task<object> or Task, or static [AgentToolAction] methods");
            var handler = handlers.FirstOrDefault();
            var returnType = handler?.ReturnType ?? typeof(object);
            if (returnType != typeof(object) && returnType != typeof(Task) && returnType != typeof(Task<object>))
                return Invalid(outcome, $"HandleCommand returns {returnType.Name}; it must return object, Task<object> or Task");
            var isStatic = handler != null && handler.IsStatic;
            if (!isStatic)
            {
                if (type.IsAbstract) return Invalid(outcome, "an instance HandleCommand needs a class that can be created (this one is abstract or static)");
                if (!type.IsValueType && type.GetConstructor(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance, null, Type.EmptyTypes, null) == null)
                    return Invalid(outcome, "an instance tool needs a parameterless constructor (a new instance is created for every call)");
            }
            var tool = Common(attribute, type.Name, type, outcome);
            if (tool == null) return outcome;
            tool.Shape = isStatic ? ToolShape.StaticHandler : ToolShape.InstanceHandler;
            tool.Method = handler;
            tool.ViaInterface = handler == null;
            var parameters = type.GetNestedType("Parameters", BindingFlags.Public | BindingFlags.NonPublic);
            if (parameters != null)
            {
                var info = ToolTypes.Describe(parameters);
                if (info.Kind != ToolTypeKind.Object) return Invalid(outcome, "its Parameters class cannot describe JSON input: " + (info.Problem ?? "it is not a class with properties"));
                foreach (var member in info.Members)
                {
                    var property = (MemberInfo)parameters.GetProperty(member.ClrName) ?? parameters.GetField(member.ClrName);
                    var enumType = property?.GetCustomAttribute<ToolParameterAttribute>(true)?.EnumType;
                    if (!string.IsNullOrEmpty(enumType)) member.EnumNames = ResolveEnum(enumType, type, outcome, $"{type.FullName}.Parameters.{member.ClrName}");
                    tool.Parameters.Add(member);
                }
                tool.HandlesDryRun = tool.Destructive && tool.Parameters.Any(m => m.JsonName == "dry_run");
            }
            // Class tools read their JObject freely, so inputs beyond the declared ones are allowed.
            tool.InputSchema = ToolSchema.ForObject(tool.Parameters.Where(m => !(tool.HandlesDryRun && m.JsonName == "dry_run")), false);
            outcome.Tool = tool;
            return outcome;
        }

        private static ToolDescriptor Common(AgentToolAttribute attribute, string clrName, Type declaringType, Outcome outcome)
        {
            var name = string.IsNullOrEmpty(attribute.Name) ? ToolNames.ToSnakeCase(clrName) : attribute.Name;
            if (!ToolNames.IsValid(name))
            {
                Invalid(outcome, $"the tool name '{name}' is not valid: use lowercase letters, digits and _, starting with a letter, at most 64 characters");
                return null;
            }
            if (attribute.MaxResultSizeChars < 0)
            {
                Invalid(outcome, "MaxResultSizeChars cannot be negative (0 keeps the host's default)");
                return null;
            }
            var tool = new ToolDescriptor
            {
                Name = name,
                Description = attribute.Description ?? "",
                Group = attribute.Group,
                Idempotency = attribute.Idempotency,
                MainThread = attribute.MainThread,
                Destructive = attribute.Destructive,
                UndoGroup = attribute.UndoGroup,
                AlwaysLoad = attribute.AlwaysLoad,
                MaxResultSizeChars = attribute.MaxResultSizeChars,
                DeclaringType = declaringType,
            };
            if (!Examples(attribute.Examples, tool, outcome)) return null;
            if (!Output(attribute, tool, outcome)) return null;
            return tool;
        }

        private static bool Examples(string[] examples, ToolDescriptor tool, Outcome outcome)
        {
            if (examples == null || examples.Length == 0) return true;
            tool.Examples = new JArray();
            for (var i = 0; i < examples.Length; i++)
            {
                JObject parsed;
                try
                {
                    parsed = JObject.Parse(examples[i] ?? "");
                }
                catch (Exception e)
                {
                    Invalid(outcome, $"Examples[{i}] is not a JSON object: {e.Message}");
                    return false;
                }
                tool.Examples.Add(parsed["arguments"] is JObject ? parsed : new JObject { ["arguments"] = parsed });
            }
            return true;
        }

        private static bool Output(AgentToolAttribute attribute, ToolDescriptor tool, Outcome outcome)
        {
            if (!string.IsNullOrEmpty(attribute.OutputSchema))
            {
                try
                {
                    tool.OutputSchema = JObject.Parse(attribute.OutputSchema);
                }
                catch (Exception e)
                {
                    Invalid(outcome, "OutputSchema is not a JSON object: " + e.Message);
                    return false;
                }
            }
            else if (attribute.OutputType != null)
            {
                var info = ToolTypes.Describe(attribute.OutputType);
                if (info.Kind != ToolTypeKind.Object)
                {
                    Invalid(outcome, $"OutputType {attribute.OutputType.Name} is not a class with members: " + (info.Problem ?? info.Kind.ToString()));
                    return false;
                }
                tool.OutputSchema = ToolSchema.ForType(info);
                tool.OutputSchema.Remove("additionalProperties");
            }
            if (tool.OutputSchema != null && (string)tool.OutputSchema["type"] != "object")
            {
                Invalid(outcome, "an output schema must describe an object (\"type\": \"object\")");
                return false;
            }
            return true;
        }

        internal static ToolMember ParameterMember(ParameterInfo parameter, ToolTypeInfo info, Type declaringType, Outcome outcome, string subject)
        {
            var attribute = parameter.GetCustomAttribute<ToolParameterAttribute>(true);
            var member = new ToolMember
            {
                JsonName = !string.IsNullOrEmpty(attribute?.Name) ? attribute.Name : ToolNames.ToSnakeCase(parameter.Name),
                ClrName = parameter.Name,
                Info = info,
                Description = ToolTypes.DescriptionOf(parameter),
                Required = !parameter.HasDefaultValue,
            };
            if (parameter.HasDefaultValue && parameter.DefaultValue != null && !(parameter.DefaultValue is DBNull)) member.Default = ToolTypes.DefaultToken(parameter.DefaultValue, info);
            else if (attribute?.Default != null) member.Default = ToolTypes.DefaultToken(attribute.Default, info);
            if (!string.IsNullOrEmpty(attribute?.EnumType)) member.EnumNames = ResolveEnum(attribute.EnumType, declaringType, outcome, subject + "(" + parameter.Name + ")");
            return member;
        }

        private static string[] ResolveEnum(string name, Type near, Outcome outcome, string subject)
        {
            var candidates = SafeTypes(near.Assembly).Concat(AppDomain.CurrentDomain.GetAssemblies().Where(a => a != near.Assembly).SelectMany(SafeTypes));
            var match = candidates.FirstOrDefault(t => t.IsEnum && (t.FullName == name || t.Name == name || t.FullName?.Replace('+', '.') == name));
            if (match != null) return Enum.GetNames(match);
            outcome.Notes.Add(new ToolDiagnostic(ToolDiagnosticLevel.Warning, subject, $"EnumType '{name}' was not found; the input accepts any string"));
            return null;
        }

        private static IEnumerable<Type> SafeTypes(Assembly assembly)
        {
            try
            {
                return assembly.GetTypes();
            }
            catch (ReflectionTypeLoadException e)
            {
                return e.Types.Where(t => t != null);
            }
            catch (Exception)
            {
                return Enumerable.Empty<Type>();
            }
        }

        private static bool IsJObjectHandler(MethodInfo m)
        {
            var ps = m.GetParameters();
            return ps.Length == 1 && ps[0].ParameterType == typeof(JObject);
        }

        internal static bool ReturnIsUsable(Type type, out string why)
        {
            why = null;
            if (type.IsByRef || type.IsPointer) why = "it returns a reference or pointer; return a value";
            else if (type.Namespace == "System.Threading.Tasks" && type.Name.StartsWith("ValueTask", StringComparison.Ordinal)) why = "ValueTask is not supported; return Task or Task<T>";
            return why == null;
        }

        private static Outcome Invalid(Outcome outcome, string problem)
        {
            outcome.Problem = problem;
            return outcome;
        }
    }
}
