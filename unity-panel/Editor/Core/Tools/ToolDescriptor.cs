using System;
using System.Collections.Generic;
using System.Reflection;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>How a discovered tool is called.</summary>
    internal enum ToolShape
    {
        /// <summary>[AgentTool] static method: typed parameters bound from the arguments.</summary>
        Method,
        /// <summary>[AgentTool] class with a static HandleCommand(JObject).</summary>
        StaticHandler,
        /// <summary>[AgentTool] class with an instance HandleCommand(JObject) (a new instance per call).</summary>
        InstanceHandler,
        /// <summary>[AgentTool] class with [AgentToolAction] static methods: the <c>action</c> input picks one.</summary>
        Actions,
    }

    /// <summary>One [AgentToolAction] method of an action tool: its name and how its parameters bind.</summary>
    internal sealed class ToolAction
    {
        public string Name;
        public string Description;
        public MethodInfo Method;
        /// <summary>The parameters in order (empty when <see cref="RawArguments"/>).</summary>
        public List<ToolArgument> Arguments = new List<ToolArgument>();
        /// <summary>The method takes the call's JObject itself (seed 003's handler signature).</summary>
        public bool RawArguments;
        /// <summary>The action reads a dry_run flag itself (destructive tools).</summary>
        public bool HandlesDryRun;
    }

    /// <summary>One parameter of a method tool: bound from JSON, or the call's CancellationToken.</summary>
    internal sealed class ToolArgument
    {
        public ParameterInfo Parameter;
        /// <summary>Null for an injected parameter (CancellationToken).</summary>
        public ToolMember Member;
        public bool IsCancellation;
        /// <summary>The tool's own dry_run flag (destructive tools), set by the host, hidden from the schema.</summary>
        public bool IsDryRun;
    }

    /// <summary>A discovered, valid tool: what the catalog publishes and what the invoker needs to call it.</summary>
    internal sealed class ToolDescriptor
    {
        public string Name;
        public string Description;
        public string Group;
        public Idempotency Idempotency;
        public bool MainThread;
        public bool Destructive;
        public string UndoGroup;
        public JArray Examples;
        public bool AlwaysLoad;
        public int MaxResultSizeChars;
        public JObject InputSchema;
        public JObject OutputSchema;

        public ToolShape Shape;
        public Type DeclaringType;
        public MethodInfo Method;
        /// <summary>Method tools: the parameters in order.</summary>
        public List<ToolArgument> Arguments = new List<ToolArgument>();
        /// <summary>Class tools: the Parameters class members (checked for required ones before the call).</summary>
        public List<ToolMember> Parameters = new List<ToolMember>();
        /// <summary>The tool reads a dry_run flag itself; otherwise the host answers a dry run without calling it.</summary>
        public bool HandlesDryRun;
        /// <summary>An instance tool implementing IAgentTool is called through the interface.</summary>
        public bool ViaInterface;
        /// <summary>Action tools: the actions, ordinal by name.</summary>
        public List<ToolAction> Actions = new List<ToolAction>();

        /// <summary>Where it was declared, for diagnostics: "Assembly: Namespace.Type.Method".</summary>
        public string Source => Method != null && Shape == ToolShape.Method ? $"{DeclaringType.FullName}.{Method.Name}" : DeclaringType.FullName;

        /// <summary>The name of the Undo entry a call is recorded under.</summary>
        public string UndoName => string.IsNullOrEmpty(UndoGroup) ? Name : UndoGroup;

        /// <summary>The catalog entry the sidecar registers (name, description, schemas, annotations).</summary>
        public JObject ToCatalogEntry()
        {
            var annotations = new JObject
            {
                ["idempotency"] = Idempotency == Idempotency.Safe ? "safe" : "unsafe",
                ["mainThread"] = MainThread,
                ["destructive"] = Destructive,
                ["alwaysLoad"] = AlwaysLoad,
            };
            if (!string.IsNullOrEmpty(UndoGroup)) annotations["undoGroup"] = UndoGroup;
            if (Examples != null && Examples.Count > 0) annotations["examples"] = Examples.DeepClone();
            if (MaxResultSizeChars > 0) annotations["maxResultSizeChars"] = MaxResultSizeChars;
            if (!string.IsNullOrEmpty(Group)) annotations["group"] = Group;
            var entry = new JObject
            {
                ["name"] = Name,
                ["description"] = Description ?? "",
                ["inputSchema"] = InputSchema.DeepClone(),
            };
            if (OutputSchema != null) entry["outputSchema"] = OutputSchema.DeepClone();
            entry["annotations"] = annotations;
            return entry;
        }
    }

    /// <summary>How serious a discovery note is.</summary>
    internal enum ToolDiagnosticLevel
    {
        Info,
        Warning,
        Error,
    }

    /// <summary>A discovery note: which declaration, and why it was skipped or what is odd about it.</summary>
    internal sealed class ToolDiagnostic
    {
        public ToolDiagnostic(ToolDiagnosticLevel level, string subject, string message)
        {
            Level = level;
            Subject = subject;
            Message = message;
        }

        public ToolDiagnosticLevel Level { get; }
        /// <summary>The type, method or assembly concerned.</summary>
        public string Subject { get; }
        public string Message { get; }

        public override string ToString() => $"[AgentTool] {Subject}: {Message}";
    }
}
