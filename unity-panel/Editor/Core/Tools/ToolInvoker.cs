using System;
using System.Linq;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>
    /// Calls one tool with JSON arguments on the current thread and turns whatever happens — a value, a response object,
    /// bad arguments, an exception — into an outcome. It never throws, so no tool can break the host.
    /// </summary>
    internal static class ToolInvoker
    {
        /// <summary>Bind, call (awaiting async tools) and convert; a dry run of a destructive tool that cannot dry-run itself only describes the call.</summary>
        public static async Task<ToolOutcome> InvokeAsync(ToolDescriptor tool, JObject arguments, bool dryRun, CancellationToken cancellation)
        {
            arguments = arguments ?? new JObject();
            try
            {
                cancellation.ThrowIfCancellationRequested();
                dryRun = dryRun && tool.Destructive;
                if (tool.Shape == ToolShape.Actions)
                {
                    var action = ToolActionBinding.Select(tool, arguments);
                    if (dryRun && !action.HandlesDryRun) return DescribedDryRun(tool, arguments);
                    var bound = ToolActionBinding.Bind(action, arguments, dryRun, cancellation);
                    return ToolResults.From(await Awaited(action.Method.ReturnType, Call(action.Method, null, bound)).ConfigureAwait(true));
                }
                if (dryRun && !tool.HandlesDryRun) return DescribedDryRun(tool, arguments);
                object target;
                object[] values;
                if (tool.Shape == ToolShape.Method)
                {
                    target = null;
                    values = BindMethod(tool, arguments, dryRun, cancellation);
                }
                else
                {
                    var args = PrepareHandler(tool, arguments, dryRun);
                    target = tool.Shape == ToolShape.InstanceHandler ? Activator.CreateInstance(tool.DeclaringType, true) : null;
                    if (tool.ViaInterface) return ToolResults.From(await Awaited(typeof(object), ((IAgentTool)target).HandleCommand(args)).ConfigureAwait(true));
                    values = new object[] { args };
                }
                var returned = Call(tool.Method, target, values);
                return ToolResults.From(await Awaited(tool.Method.ReturnType, returned).ConfigureAwait(true));
            }
            catch (ToolBindException e)
            {
                return ToolOutcome.Error(ToolErrorCodes.InvalidParams, e.Message);
            }
            catch (ToolException e)
            {
                return ToolOutcome.Error(e.Code, e.Message);
            }
            catch (TargetInvocationException e) when (e.InnerException is ToolException te)
            {
                return ToolOutcome.Error(te.Code, te.Message);
            }
            catch (OperationCanceledException) when (cancellation.IsCancellationRequested)
            {
                return ToolOutcome.Error(ToolErrorCodes.Cancelled, $"The call of {tool.Name} was cancelled.");
            }
            catch (Exception e)
            {
                var inner = e is TargetInvocationException t && t.InnerException != null ? t.InnerException : e;
                return ToolOutcome.Error(ToolErrorCodes.ToolFailed, $"{tool.Name} failed: {inner.GetType().Name}: {inner.Message}");
            }
        }

        /// <summary>The method's arguments from JSON: unknown keys, missing required inputs and wrong types are invalid_params.</summary>
        public static object[] BindMethod(ToolDescriptor tool, JObject arguments, bool dryRun, CancellationToken cancellation)
        {
            var inputs = tool.Arguments.Where(a => a.Member != null && !a.IsDryRun).Select(a => a.Member).ToList();
            foreach (var property in arguments.Properties())
            {
                if (property.Name == "confirm" || property.Name == "dry_run") continue;
                if (!inputs.Any(m => m.JsonName == property.Name)) throw ToolBinder.Unknown(property.Name, property.Name, inputs);
            }
            var values = new object[tool.Arguments.Count];
            for (var i = 0; i < tool.Arguments.Count; i++)
            {
                var a = tool.Arguments[i];
                if (a.IsCancellation) values[i] = cancellation;
                else if (a.IsDryRun) values[i] = dryRun;
                else values[i] = BindParameter(a, arguments[a.Member.JsonName]);
            }
            return values;
        }

        /// <summary>One parameter's value from its token (null: missing); <paramref name="action"/> names an action tool's action in errors.</summary>
        internal static object BindParameter(ToolArgument a, JToken token, string action = null)
        {
            var m = a.Member;
            if (token == null)
            {
                if (m.Required) throw new ToolBindException(m.JsonName, action == null ? $"Missing required parameter '{m.JsonName}'." : $"Missing required parameter '{m.JsonName}' for action '{action}'.");
                if (a.Parameter.HasDefaultValue && !(a.Parameter.DefaultValue is DBNull) && a.Parameter.DefaultValue != null) return a.Parameter.DefaultValue;
                if (m.Default != null) return ToolBinder.Bind(m.Default, m.Info, m.JsonName);
                return a.Parameter.ParameterType.IsValueType ? Activator.CreateInstance(a.Parameter.ParameterType) : null;
            }
            ToolBinder.CheckAllowed(token, m, m.JsonName);
            return ToolBinder.Bind(token, m.Info, m.JsonName);
        }

        private static JObject PrepareHandler(ToolDescriptor tool, JObject arguments, bool dryRun)
        {
            foreach (var m in tool.Parameters)
            {
                var token = arguments[m.JsonName];
                if (token == null || token.Type == JTokenType.Null)
                {
                    if (m.Required && !(dryRun && m.JsonName == "dry_run")) throw new ToolBindException(m.JsonName, $"Missing required parameter '{m.JsonName}'.");
                    continue;
                }
                ToolBinder.CheckAllowed(token, m, m.JsonName);
                // Validate the type without keeping the value: the handler reads its JObject itself.
                ToolBinder.Bind(token, m.Info, m.JsonName);
            }
            var args = (JObject)arguments.DeepClone();
            args.Remove("confirm");
            args.Remove("dry_run");
            if (dryRun) args["dry_run"] = true;
            return args;
        }

        private static object Call(MethodInfo method, object target, object[] values)
        {
            try
            {
                return method.Invoke(target, values);
            }
            catch (TargetInvocationException e) when (e.InnerException != null)
            {
                System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerException).Throw();
                throw;
            }
        }

        private static async Task<object> Awaited(Type declared, object returned)
        {
            if (!(returned is Task task)) return declared == typeof(void) ? ToolResults.NoValue : returned;
            await task.ConfigureAwait(true);
            if (declared.IsGenericType && declared.GetGenericTypeDefinition() == typeof(Task<>)) return declared.GetProperty("Result").GetValue(task);
            // A Task returned as object: its value, unless it is a plain Task (whose runtime type may be Task<VoidTaskResult>).
            var runtime = task.GetType();
            if (declared == typeof(object) && runtime.IsGenericType && runtime.GetGenericArguments()[0].Name != "VoidTaskResult") return runtime.GetProperty("Result").GetValue(task);
            return ToolResults.NoValue;
        }

        private static ToolOutcome DescribedDryRun(ToolDescriptor tool, JObject arguments)
        {
            var args = (JObject)arguments.DeepClone();
            args.Remove("confirm");
            args.Remove("dry_run");
            var text = $"Dry run: {tool.Name} is destructive and was not run. It would run with {args.ToString(Newtonsoft.Json.Formatting.None)}. Call it again with confirm: true to run it.";
            return ToolOutcome.Text(text, new JObject { ["dry_run"] = true, ["tool"] = tool.Name, ["arguments"] = args });
        }
    }
}
