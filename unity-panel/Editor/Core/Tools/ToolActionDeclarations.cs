using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Threading;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>
    /// Reads the [AgentToolAction] methods of an [AgentTool] class into one tool: an <c>action</c> input naming the actions,
    /// and the union of their parameters (an input shared by several actions must have one type). Each action's own
    /// required inputs and unknown names are checked when it is called (ToolActionBinding), because the flat schema cannot
    /// say which input belongs to which action except in its description.
    /// </summary>
    internal static class ToolActionDeclarations
    {
        /// <summary>The input that picks the action.</summary>
        public const string ActionInput = "action";

        /// <summary>The methods of <paramref name="type"/> carrying [AgentToolAction] (any visibility, declared there).</summary>
        public static List<MethodInfo> ActionMethods(Type type)
        {
            const BindingFlags flags = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;
            return type.GetMethods(flags).Where(m => m.GetCustomAttribute<AgentToolActionAttribute>(false) != null).ToList();
        }

        /// <summary>Fill <paramref name="tool"/>'s actions and input schema; returns why the declaration is invalid, or null.</summary>
        public static string Fill(ToolDescriptor tool, List<MethodInfo> methods, ToolDeclarations.Outcome outcome)
        {
            tool.Shape = ToolShape.Actions;
            var union = new List<ToolMember>();
            var usedBy = new Dictionary<string, List<string>>(StringComparer.Ordinal);
            var open = false;
            foreach (var method in methods)
            {
                var attribute = method.GetCustomAttribute<AgentToolActionAttribute>(false);
                var name = string.IsNullOrEmpty(attribute.Name) ? ToolNames.ToSnakeCase(method.Name) : attribute.Name;
                var subject = $"action '{name}' ({method.Name})";
                if (!method.IsStatic) return $"{subject} must be a static method";
                if (method.IsGenericMethodDefinition) return $"{subject} cannot be generic";
                if (!ToolNames.IsValid(name)) return $"{subject}: the name is not valid; use lowercase letters, digits and _, starting with a letter";
                if (tool.Actions.Any(a => a.Name == name)) return $"two actions are named '{name}'; give one of them another Name";
                if (!ToolDeclarations.ReturnIsUsable(method.ReturnType, out var why)) return $"{subject}: {why}";
                var action = new ToolAction { Name = name, Description = attribute.Description ?? "", Method = method };
                var parameters = method.GetParameters();
                if (parameters.Length == 1 && parameters[0].ParameterType == typeof(JObject))
                {
                    action.RawArguments = true;
                    open = true;
                }
                else
                {
                    foreach (var parameter in parameters)
                    {
                        var problem = AddArgument(tool, action, parameter, outcome, union, usedBy);
                        if (problem != null) return $"{subject}: {problem}";
                    }
                }
                tool.Actions.Add(action);
            }
            tool.Actions.Sort((a, b) => string.CompareOrdinal(a.Name, b.Name));
            tool.InputSchema = Schema(tool, union, usedBy, open);
            return null;
        }

        private static string AddArgument(ToolDescriptor tool, ToolAction action, ParameterInfo parameter, ToolDeclarations.Outcome outcome, List<ToolMember> union, Dictionary<string, List<string>> usedBy)
        {
            var argument = new ToolArgument { Parameter = parameter };
            if (parameter.ParameterType.IsByRef || parameter.IsOut) return $"parameter '{parameter.Name}' is ref/out; tool parameters are inputs only";
            if (parameter.ParameterType == typeof(CancellationToken))
            {
                argument.IsCancellation = true;
                action.Arguments.Add(argument);
                return null;
            }
            var info = ToolTypes.Describe(parameter.ParameterType);
            if (info.Kind == ToolTypeKind.Unsupported) return $"parameter '{parameter.Name}' ({parameter.ParameterType.Name}) cannot come from JSON: {info.Problem}";
            var member = ToolDeclarations.ParameterMember(parameter, info, tool.DeclaringType, outcome, $"{tool.DeclaringType.FullName}.{action.Method.Name}");
            argument.Member = member;
            action.Arguments.Add(argument);
            if (member.JsonName == ActionInput) return $"parameter '{parameter.Name}' is named '{ActionInput}', the input that picks the action; rename it";
            if (tool.Destructive && member.JsonName == "dry_run" && info.ValueType == typeof(bool))
            {
                argument.IsDryRun = true;
                action.HandlesDryRun = true;
                return null;
            }
            if (action.Arguments.Count(a => a.Member?.JsonName == member.JsonName) > 1) return $"two parameters are both named '{member.JsonName}' in JSON";
            var known = union.FirstOrDefault(m => m.JsonName == member.JsonName);
            if (known == null)
            {
                union.Add(member);
                usedBy[member.JsonName] = new List<string> { action.Name };
                return null;
            }
            if (!JToken.DeepEquals(ToolSchema.ForType(known.Info), ToolSchema.ForType(info)))
                return $"parameter '{member.JsonName}' has another type than in action '{usedBy[member.JsonName][0]}'; an input shared by actions needs one type";
            usedBy[member.JsonName].Add(action.Name);
            return null;
        }

        private static JObject Schema(ToolDescriptor tool, List<ToolMember> union, Dictionary<string, List<string>> usedBy, bool open)
        {
            var names = tool.Actions.Select(a => a.Name).ToList();
            var described = tool.Actions.Where(a => a.Description.Length > 0).Select(a => $"{a.Name}: {a.Description}").ToList();
            var action = new JObject
            {
                ["type"] = "string",
                ["enum"] = new JArray(names.Cast<object>().ToArray()),
                ["description"] = "The action to run" + (described.Count > 0 ? ". " + string.Join("; ", described) : ""),
            };
            var properties = new JObject { [ActionInput] = action };
            foreach (var member in union)
            {
                var schema = ToolSchema.ForMember(member);
                var actions = usedBy[member.JsonName];
                // Which actions read the input; a required one is required only by those actions.
                var who = actions.Count == names.Count ? "" : $"({string.Join(", ", actions)}) ";
                var description = (who + (member.Description ?? "")).Trim();
                if (description.Length > 0) schema["description"] = description;
                else schema.Remove("description");
                properties[member.JsonName] = schema;
            }
            var result = new JObject { ["type"] = "object", ["properties"] = properties, ["required"] = new JArray(ActionInput) };
            if (!open) result["additionalProperties"] = false;
            return result;
        }
    }
}
