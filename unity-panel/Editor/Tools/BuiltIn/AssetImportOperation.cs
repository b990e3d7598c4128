using System.IO;
using System.Threading.Tasks;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using UnityEditor;

namespace AgentPanel.Editor.Tools.BuiltIn
{
    /// <summary>
    /// The internal operation asset_import, which the sidecar calls after compose_mml wrote a WAV under Assets/: import
    /// that one file now (a new file has no GUID yet, so the published asset tool's import action does not take it).
    /// </summary>
    internal static class AssetImportOperation
    {
        /// <summary>Serve asset_import on <paramref name="host"/> (main thread: the AssetDatabase is not thread safe).</summary>
        public static void Register(ToolHost host)
        {
            host.RegisterInternal("asset_import", true, (args, dryRun, ct) => Task.FromResult(Import(args, dryRun)));
        }

        private static ToolOutcome Import(JObject args, bool dryRun)
        {
            var path = ProjectPath.Require("asset_import", args, "Assets/");
            if (!File.Exists(path))
                throw new ToolException(ToolErrorCodes.NotFound, $"asset_import: there is no file at '{path}'; write it first, then ask again.");
            if (dryRun) return ToolOutcome.Text($"Dry run: would import {path}; nothing was changed.");
            AssetDatabase.ImportAsset(path, ImportAssetOptions.ForceUpdate);
            var guid = AssetDatabase.AssetPathToGUID(path);
            if (string.IsNullOrEmpty(guid))
                return ToolOutcome.Error(ToolErrorCodes.ToolFailed, $"Unity did not import {path}; see the Console for the importer's message.");
            return ToolOutcome.Text($"Imported {path}", new JObject { ["path"] = path, ["guid"] = guid });
        }
    }
}
