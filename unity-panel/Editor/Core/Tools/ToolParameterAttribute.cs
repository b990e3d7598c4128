using System;

namespace AgentPanel.Core.Tools
{
    /// <summary>
    /// Describes one input of a tool: a property or field of a tool class's nested <c>Parameters</c> class, a member of a
    /// nested argument class, or a parameter of a static tool method.
    /// </summary>
    [AttributeUsage(AttributeTargets.Property | AttributeTargets.Field | AttributeTargets.Parameter, AllowMultiple = false, Inherited = true)]
    public sealed class ToolParameterAttribute : Attribute
    {
        /// <summary>Describe the input for the model.</summary>
        public ToolParameterAttribute(string description = null)
        {
            Description = description;
        }

        /// <summary>What the input means, its unit, its valid range.</summary>
        public string Description { get; }

        /// <summary>The call must supply it. (A method parameter is required when it has no default value.)</summary>
        public bool Required { get; set; }

        /// <summary>The value assumed when the call leaves it out (published in the schema; an empty string stays "").</summary>
        public object Default { get; set; }

        /// <summary>Name of an enum type whose member names are the allowed values of a string input.</summary>
        public string EnumType { get; set; }

        /// <summary>The input's name in JSON; empty means the snake_case of the member name.</summary>
        public string Name { get; set; }
    }
}
