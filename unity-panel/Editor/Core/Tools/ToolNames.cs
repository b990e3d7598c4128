using System.Text.RegularExpressions;
using Newtonsoft.Json.Serialization;

namespace AgentPanel.Core.Tools
{
    /// <summary>Tool and input names: the snake_case every MCP client accepts, derived the same way everywhere.</summary>
    internal static class ToolNames
    {
        private static readonly Regex Valid = new Regex("^[a-z][a-z0-9_]{0,63}$", RegexOptions.CultureInvariant);
        private static readonly SnakeCaseNamingStrategy Snake = new SnakeCaseNamingStrategy();

        /// <summary>True for a publishable tool name.</summary>
        public static bool IsValid(string name) => name != null && Valid.IsMatch(name);

        /// <summary>SpawnCubeTool → spawn_cube_tool, HTTPServer → http_server, includePassed → include_passed.</summary>
        public static string ToSnakeCase(string name)
        {
            if (string.IsNullOrEmpty(name)) return name;
            return Snake.GetPropertyName(name.TrimStart('@'), false);
        }

        /// <summary>Compare names loosely (case, underscores and dashes ignored): how a misspelled argument is matched to a suggestion.</summary>
        public static string Loose(string name) => name.Replace("_", "").Replace("-", "").ToLowerInvariant();
    }
}
