using System;
using System.Linq;
using System.Reflection;
using AgentPanel.Core.Tools;

namespace AgentPanel.Editor.Tools.BuiltIn
{
    /// <summary>The Console: read messages with filters and paging, even while the main thread is busy; clear.</summary>
    internal static class ConsoleTool
    {
        public enum ConsoleAction
        {
            read,
            clear,
        }

        public enum LogKind
        {
            error,
            warning,
            log,
        }

        [AgentTool(Name = "console", Group = "diagnostics", Idempotency = Idempotency.Safe, MainThread = false, AlwaysLoad = true,
            Description = "The Unity Console. read: recent messages (errors with stack traces), newest last, filtered by types and text, paged by limit and since_id (pass the last id you saw to get only newer ones). Works while the Editor is busy. clear: empty the Console and this buffer.",
            Examples = new[] { "{\"action\":\"read\",\"types\":[\"error\",\"warning\"],\"limit\":20}" })]
        public static object Console(
            [ToolParameter("read or clear")] ConsoleAction action,
            [ToolParameter("read: only these kinds")] LogKind[] types = null,
            [ToolParameter("read: only messages containing this text")] string contains = "",
            [ToolParameter("read: only messages after this id")] long sinceId = 0,
            [ToolParameter("read: most messages, newest kept (1-500)")] int limit = 50,
            [ToolParameter("read: include stack traces")] bool stacks = true)
        {
            if (action == ConsoleAction.clear)
            {
                ConsoleLog.Clear();
                // The Console window's own list: LogEntries.Clear is internal, and must run on the main thread.
                var clear = FindClearConsoleWindow();
                if (clear == null)
                    return new SuccessResponse("The console tool's buffer was cleared, but not the Console window: this Unity version has no UnityEditor.LogEntries.Clear. Press Clear in the Console window.", new { buffer_cleared = true, window_cleared = false });
                EditorToolHost.Post(() => ClearConsoleWindow(clear));
                return new SuccessResponse("Console cleared", new { buffer_cleared = true, window_cleared = true });
            }
            var all = ConsoleLog.Read(types?.Select(t => t.ToString()).ToArray(), contains, sinceId);
            limit = Math.Max(1, Math.Min(500, limit));
            var page = all.Skip(Math.Max(0, all.Count - limit)).Select(e => new { e.id, e.type, e.message, stack = stacks ? e.stack : null, e.time }).ToList();
            return new SuccessResponse($"{page.Count} of {all.Count} matching messages", new { total = all.Count, last_id = page.Count > 0 ? page[page.Count - 1].id : sinceId, messages = page });
        }

        /// <summary>UnityEditor.LogEntries.Clear, looked up in the assembly that defines EditorWindow (UnityEditor.CoreModule in
        /// current versions; an assembly-qualified "…, UnityEditor" name would rely on type forwarding); null when absent.</summary>
        internal static MethodInfo FindClearConsoleWindow()
        {
            var editor = typeof(UnityEditor.EditorWindow).Assembly;
            var entries = editor.GetType("UnityEditor.LogEntries") ?? editor.GetType("UnityEditorInternal.LogEntries");
            return entries?.GetMethod("Clear", BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic, null, Type.EmptyTypes, null);
        }

        private static void ClearConsoleWindow(MethodInfo clear)
        {
            try
            {
                clear.Invoke(null, null);
            }
            catch (Exception e)
            {
                UnityEngine.Debug.LogWarning("[Agent Panel] The console tool could not clear the Console window (" + (e.InnerException ?? e).Message + "). Press Clear in the Console window.");
            }
        }
    }
}
