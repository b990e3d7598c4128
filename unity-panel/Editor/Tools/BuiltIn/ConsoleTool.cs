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
                EditorToolHost.Post(ClearConsoleWindow);
                return new SuccessResponse("Console cleared");
            }
            var all = ConsoleLog.Read(types?.Select(t => t.ToString()).ToArray(), contains, sinceId);
            limit = Math.Max(1, Math.Min(500, limit));
            var page = all.Skip(Math.Max(0, all.Count - limit)).Select(e => new { e.id, e.type, e.message, stack = stacks ? e.stack : null, e.time }).ToList();
            return new SuccessResponse($"{page.Count} of {all.Count} matching messages", new { total = all.Count, last_id = page.Count > 0 ? page[page.Count - 1].id : sinceId, messages = page });
        }

        private static void ClearConsoleWindow()
        {
            var entries = Type.GetType("UnityEditor.LogEntries, UnityEditor") ?? Type.GetType("UnityEditorInternal.LogEntries, UnityEditor");
            entries?.GetMethod("Clear", BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic)?.Invoke(null, null);
        }
    }
}
