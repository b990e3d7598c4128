using System.Threading.Tasks;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using UnityEditor;

namespace AgentPanel.Editor.Tools.BuiltIn
{
    /// <summary>
    /// The internal operation asset_open, which the sidecar calls when an `Assets/…` link is clicked in the browser panel: ping the
    /// asset in the Project window and, with a line, open it there (scripts open in the code editor), as the window's own links do.
    /// </summary>
    internal static class AssetOpenOperation
    {
        /// <summary>Serve asset_open on <paramref name="host"/> (main thread: the AssetDatabase and the Project window are not thread safe).</summary>
        public static void Register(ToolHost host)
        {
            host.RegisterInternal("asset_open", true, (args, dryRun, ct) => Task.FromResult(Open(args, dryRun)));
        }

        private static ToolOutcome Open(JObject args, bool dryRun)
        {
            var path = ProjectPath.Require("asset_open", args, "Assets/", "Packages/");
            var line = args["line"]?.Type == JTokenType.Integer ? (int)args["line"] : 0;
            var asset = AssetDatabase.LoadAssetAtPath<UnityEngine.Object>(path);
            if (asset == null)
                throw new ToolException(ToolErrorCodes.NotFound, $"{path} is not in the project (moved or deleted?); ask Claude where it is now.");
            if (dryRun) return ToolOutcome.Text($"Dry run: would open {path}; nothing was changed.");
            UI.Chat.ChatUi.OpenAsset(path, line);
            return ToolOutcome.Text(line > 0 ? $"Opened {path} at line {line}" : $"Showed {path} in the Project window");
        }
    }
}
