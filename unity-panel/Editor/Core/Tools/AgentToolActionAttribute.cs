using System;

namespace AgentPanel.Core.Tools
{
    /// <summary>
    /// Declares one named action of an [AgentTool] class: one tool, several actions, each its own static method with its own
    /// parameters (the shape of seed 003's action handlers). The call's <c>action</c> input picks the method; its other
    /// inputs bind to that method's parameters as for a method tool. A method taking exactly one <c>JObject</c> receives the
    /// raw arguments instead.
    /// </summary>
    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false, Inherited = false)]
    public sealed class AgentToolActionAttribute : Attribute
    {
        public AgentToolActionAttribute()
        {
        }

        /// <param name="name">The action's name (<c>^[a-z][a-z0-9_]{0,63}$</c>).</param>
        public AgentToolActionAttribute(string name)
        {
            Name = name;
        }

        /// <summary>The action's name; empty means the snake_case of the method name.</summary>
        public string Name { get; set; }

        /// <summary>What the action does, published in the <c>action</c> input's description.</summary>
        public string Description { get; set; }
    }
}
