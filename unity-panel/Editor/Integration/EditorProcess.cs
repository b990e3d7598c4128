using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Integration
{
    /// <summary>
    /// What kind of Editor process this is. The tool host, the tool link, the panel session and the Console capture start
    /// only in an interactive Editor: in -batchmode (CI, -runTests) they would start node for nothing, and an Asset Import
    /// Worker (a hidden Editor process importing in parallel) that connected first as the tool provider would lock the
    /// real Editor out (tools_provider_busy).
    /// </summary>
    internal static class EditorProcess
    {
        /// <summary>True in the Editor a person uses: not batch mode, not an Asset Import Worker.</summary>
        public static bool IsInteractive => !Application.isBatchMode && !AssetDatabase.IsAssetImportWorkerProcess();
    }
}
