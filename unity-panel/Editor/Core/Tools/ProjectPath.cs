using System.Linq;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>
    /// The project-relative path an internal operation is given (asset_import, asset_open): checked in one place, so no
    /// operation takes a path outside the folders it serves, with backslashes, or with "..".
    /// </summary>
    internal static class ProjectPath
    {
        /// <summary>
        /// <paramref name="args"/>["path"] when it lies under one of <paramref name="roots"/> ("Assets/", "Packages/"),
        /// uses forward slashes and has no ".."; else a ToolException (invalid_params) naming <paramref name="operation"/>.
        /// </summary>
        public static string Require(string operation, JObject args, params string[] roots)
        {
            var path = args["path"]?.Type == JTokenType.String ? (string)args["path"] : "";
            if (roots.Any(root => path.StartsWith(root, System.StringComparison.Ordinal)) && !path.Contains("..") && !path.Contains("\\")) return path;
            throw new ToolException(
                ToolErrorCodes.InvalidParams,
                $"{operation}: '{path}' is not a project-relative path under {string.Join(" or ", roots)} with forward slashes.");
        }
    }
}
