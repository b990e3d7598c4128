using System;
using System.Linq;
using System.Threading;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>
    /// Picks an action tool's action from the <c>action</c> input and binds the other inputs to that action's parameters as
    /// strictly as a method tool's: an input the chosen action does not take, or one it requires and did not get, is an
    /// invalid_params error naming the action.
    /// </summary>
    internal static class ToolActionBinding
    {
        /// <summary>The action the arguments name (exactly, else ignoring case).</summary>
        public static ToolAction Select(ToolDescriptor tool, JObject arguments)
        {
            var names = string.Join(", ", tool.Actions.Select(a => a.Name));
            var token = arguments[ToolActionDeclarations.ActionInput];
            if (token == null || token.Type == JTokenType.Null)
                throw new ToolBindException(ToolActionDeclarations.ActionInput, $"Missing required parameter 'action' (one of: {names}).");
            if (token.Type != JTokenType.String) throw ToolBinder.Fail(ToolActionDeclarations.ActionInput, $"expected a string, one of {names}");
            var text = (string)token;
            var action = tool.Actions.FirstOrDefault(a => a.Name == text) ?? tool.Actions.FirstOrDefault(a => string.Equals(a.Name, text, StringComparison.OrdinalIgnoreCase));
            if (action == null) throw ToolBinder.Fail(ToolActionDeclarations.ActionInput, $"unknown action \"{text}\"; expected one of {names}");
            return action;
        }

        /// <summary>The action method's arguments (or the raw JObject, without confirm and dry_run, for a JObject action).</summary>
        public static object[] Bind(ToolAction action, JObject arguments, bool dryRun, CancellationToken cancellation)
        {
            if (action.RawArguments)
            {
                var raw = (JObject)arguments.DeepClone();
                raw.Remove("confirm");
                raw.Remove("dry_run");
                return new object[] { raw };
            }
            var inputs = action.Arguments.Where(a => a.Member != null && !a.IsDryRun).Select(a => a.Member).ToList();
            foreach (var property in arguments.Properties())
            {
                if (property.Name == "confirm" || property.Name == "dry_run" || property.Name == ToolActionDeclarations.ActionInput) continue;
                if (inputs.Any(m => m.JsonName == property.Name)) continue;
                var unknown = ToolBinder.Unknown(property.Name, property.Name, inputs);
                throw new ToolBindException(unknown.Path, unknown.Message.Replace($"Unknown parameter '{property.Name}'", $"Unknown parameter '{property.Name}' for action '{action.Name}'"));
            }
            var values = new object[action.Arguments.Count];
            for (var i = 0; i < action.Arguments.Count; i++)
            {
                var a = action.Arguments[i];
                if (a.IsCancellation) values[i] = cancellation;
                else if (a.IsDryRun) values[i] = dryRun;
                else values[i] = ToolInvoker.BindParameter(a, arguments[a.Member.JsonName], action.Name);
            }
            return values;
        }
    }
}
