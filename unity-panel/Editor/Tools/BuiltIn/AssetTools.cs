using System;
using System.IO;
using System.Linq;
using AgentPanel.Core.Tools;
using UnityEditor;

namespace AgentPanel.Editor.Tools.BuiltIn
{
    /// <summary>The AssetDatabase: find and read (safe), import/refresh/create folder/move/rename (reversible), delete (destructive).</summary>
    internal static class AssetTools
    {
        public enum ReadAction
        {
            find,
            read_text,
        }

        public enum WriteAction
        {
            import,
            refresh,
            create_folder,
            move,
            rename,
        }

        private const int MaxTextChars = 200_000;

        [AgentTool(Name = "asset_read", Group = "assets", Idempotency = Idempotency.Safe,
            Description = "Read the project's assets. find: AssetDatabase search with Unity's filter syntax (\"t:Prefab enemy\", \"l:Label\", \"t:Material\"), optionally under folders. read_text: the text of a text asset (scripts, shaders, JSON, YAML) by path.",
            Examples = new[] { "{\"action\":\"find\",\"filter\":\"t:Prefab\",\"folders\":[\"Assets/Prefabs\"]}" })]
        public static object Read(
            [ToolParameter("find or read_text")] ReadAction action,
            [ToolParameter("find: search filter in AssetDatabase.FindAssets syntax")] string filter = "",
            [ToolParameter("find: only under these folders, e.g. Assets/Art")] string[] folders = null,
            [ToolParameter("read_text: asset path, e.g. Assets/Data/config.json")] string path = "",
            [ToolParameter("find: first result to return")] int offset = 0,
            [ToolParameter("find: most results (1-1000)")] int limit = 200)
        {
            if (action == ReadAction.read_text)
            {
                RequireInProject(path);
                if (!File.Exists(path)) throw new ToolException(ToolErrorCodes.NotFound, $"No file at '{path}'.");
                var text = File.ReadAllText(path);
                var truncated = text.Length > MaxTextChars;
                return new SuccessResponse(truncated ? $"{path}: first {MaxTextChars} of {text.Length} characters" : path, new { path, text = truncated ? text.Substring(0, MaxTextChars) : text, length = text.Length, truncated });
            }
            var guids = folders != null && folders.Length > 0 ? AssetDatabase.FindAssets(filter ?? "", folders) : AssetDatabase.FindAssets(filter ?? "");
            limit = Math.Max(1, Math.Min(1000, limit));
            var page = guids.Skip(Math.Max(0, offset)).Take(limit).Select(g =>
            {
                var assetPath = AssetDatabase.GUIDToAssetPath(g);
                return new { path = assetPath, guid = g, type = AssetDatabase.GetMainAssetTypeAtPath(assetPath)?.Name };
            }).ToList();
            return new SuccessResponse($"{page.Count} of {guids.Length} assets", new { total = guids.Length, offset, assets = page });
        }

        [AgentTool(Name = "asset", Group = "assets",
            Description = "Change assets (all reversible by another call; nothing is deleted here — asset_delete does that). import: reimport path. refresh: AssetDatabase.Refresh after files changed on disk. create_folder: path (parents included). move: path to destination. rename: path to new_name (no extension).")]
        public static object Write(
            [ToolParameter("what to do")] WriteAction action,
            [ToolParameter("the asset or folder path under Assets/ (not for refresh)")] string path = "",
            [ToolParameter("move: the new path, including the file name")] string destination = "",
            [ToolParameter("rename: the new name without extension")] string newName = "")
        {
            switch (action)
            {
                case WriteAction.refresh:
                    AssetDatabase.Refresh();
                    return new SuccessResponse("AssetDatabase refreshed");
                case WriteAction.import:
                    RequireAsset(path);
                    AssetDatabase.ImportAsset(path, ImportAssetOptions.ForceUpdate);
                    return new SuccessResponse($"Reimported {path}");
                case WriteAction.create_folder:
                    RequireInProject(path);
                    var parts = path.TrimEnd('/').Split('/');
                    var current = parts[0];
                    for (var i = 1; i < parts.Length; i++)
                    {
                        var next = current + "/" + parts[i];
                        if (!AssetDatabase.IsValidFolder(next)) AssetDatabase.CreateFolder(current, parts[i]);
                        current = next;
                    }
                    return new SuccessResponse($"Folder {current} exists");
                case WriteAction.move:
                {
                    RequireAsset(path);
                    RequireInProject(destination);
                    var error = AssetDatabase.MoveAsset(path, destination);
                    if (!string.IsNullOrEmpty(error)) throw new ToolException(ToolErrorCodes.ToolFailed, $"Unity could not move {path}: {error}");
                    return new SuccessResponse($"Moved {path} to {destination}");
                }
                default:
                {
                    RequireAsset(path);
                    if (string.IsNullOrEmpty(newName)) throw new ToolException(ToolErrorCodes.InvalidParams, "rename needs new_name.");
                    var error = AssetDatabase.RenameAsset(path, newName);
                    if (!string.IsNullOrEmpty(error)) throw new ToolException(ToolErrorCodes.ToolFailed, $"Unity could not rename {path}: {error}");
                    return new SuccessResponse($"Renamed {path} to {newName}");
                }
            }
        }

        [AgentTool(Name = "asset_delete", Group = "assets", Destructive = true,
            Description = "Delete assets or folders: they go to the OS trash (Undo cannot bring them back). Destructive: without confirm it only lists what would be deleted.")]
        public static object Delete(
            [ToolParameter("asset or folder paths under Assets/")] string[] paths,
            bool dryRun = false)
        {
            foreach (var p in paths) RequireAsset(p);
            if (dryRun)
            {
                var contents = paths.SelectMany(p => AssetDatabase.IsValidFolder(p) ? AssetDatabase.FindAssets("", new[] { p }).Select(AssetDatabase.GUIDToAssetPath).Prepend(p) : new[] { p }).Distinct().ToList();
                return new SuccessResponse($"Dry run: {contents.Count} asset(s) would go to the trash; call again with confirm: true to delete them.", new { would_delete = contents });
            }
            var failed = new System.Collections.Generic.List<string>();
            if (!AssetDatabase.MoveAssetsToTrash(paths, failed)) throw new ToolException(ToolErrorCodes.ToolFailed, "Some assets could not be deleted: " + string.Join(", ", failed));
            return new SuccessResponse($"Moved {paths.Length} asset(s) to the trash", new { deleted = paths });
        }

        private static void RequireInProject(string path)
        {
            if (string.IsNullOrEmpty(path) || !(path.StartsWith("Assets/") || path == "Assets") || path.Contains(".."))
                throw new ToolException(ToolErrorCodes.InvalidParams, $"'{path}' is not a path under Assets/ (use forward slashes, e.g. Assets/Prefabs/Enemy.prefab).");
        }

        private static void RequireAsset(string path)
        {
            RequireInProject(path);
            if (string.IsNullOrEmpty(AssetDatabase.AssetPathToGUID(path)) || (!File.Exists(path) && !Directory.Exists(path)))
                throw new ToolException(ToolErrorCodes.NotFound, $"No asset at '{path}'. asset_read find lists assets.");
        }
    }
}
