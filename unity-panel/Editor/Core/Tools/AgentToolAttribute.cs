using System;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>Whether a call may run twice: a Safe call is retried after a domain reload interrupted it, an Unsafe one never.</summary>
    public enum Idempotency
    {
        /// <summary>Running it twice can change more than running it once (the default).</summary>
        Unsafe = 0,
        /// <summary>Running it twice is harmless (reads, idempotent writes).</summary>
        Safe = 1,
    }

    /// <summary>
    /// Declares a Unity Editor tool the agent (and any MCP client) can call. Put it on a static method — its parameters are
    /// the tool's input schema — or on a class with a <c>HandleCommand(JObject)</c> method and an optional nested
    /// <c>Parameters</c> class that describes the input.
    /// </summary>
    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Method, AllowMultiple = false, Inherited = false)]
    public sealed class AgentToolAttribute : Attribute
    {
        /// <summary>The tool name (<c>^[a-z][a-z0-9_]{0,63}$</c>); empty means the snake_case of the class or method name.</summary>
        public string Name { get; set; }

        /// <summary>What the tool does and when to use it: the model's only clue for choosing it.</summary>
        public string Description { get; set; }

        /// <summary>A grouping for listings (e.g. "scene", "assets"); empty means none.</summary>
        public string Group { get; set; }

        /// <summary>False hides the tool from discovery without deleting it.</summary>
        public bool Enabled { get; set; } = true;

        /// <summary>Safe tools are retried after a domain reload interrupted them; Unsafe (the default) never run twice.</summary>
        public Idempotency Idempotency { get; set; } = Idempotency.Unsafe;

        /// <summary>True (the default): the call runs on the Editor's main thread. False only for tools that touch no Unity API.</summary>
        public bool MainThread { get; set; } = true;

        /// <summary>Changes or deletes user data: nothing runs without <c>confirm: true</c>; without it the caller gets a dry run.</summary>
        public bool Destructive { get; set; }

        /// <summary>The Undo entry a call is recorded under; empty means the tool name.</summary>
        public string UndoGroup { get; set; }

        /// <summary>Example argument objects as JSON text (e.g. <c>{"name":"Cube"}</c>), published with the tool.</summary>
        public string[] Examples { get; set; }

        /// <summary>Always loaded into the model's context instead of behind tool search; for tools nearly every session uses.</summary>
        public bool AlwaysLoad { get; set; }

        /// <summary>Largest answer in characters; a longer one is an error, never truncated. 0 keeps the host's default.</summary>
        public int MaxResultSizeChars { get; set; }

        /// <summary>JSON Schema (text) of the structured result, when the tool promises one.</summary>
        public string OutputSchema { get; set; }

        /// <summary>A type whose shape is the structured result (its schema is generated like an input's); OutputSchema wins.</summary>
        public Type OutputType { get; set; }
    }

    /// <summary>An instance tool class may implement this; a new instance is created for every call.</summary>
    public interface IAgentTool
    {
        /// <summary>Run the tool with the call's arguments; return a response object (or any object, serialized to JSON).</summary>
        object HandleCommand(JObject parameters);
    }
}
