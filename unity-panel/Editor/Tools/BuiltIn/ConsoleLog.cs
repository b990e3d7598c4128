using System;
using System.Collections.Generic;
using System.Linq;
using Newtonsoft.Json;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Tools.BuiltIn
{
    /// <summary>
    /// The Console's messages as the console tool reads them: captured from any thread into a bounded buffer (readable while
    /// the main thread is busy) and kept across domain reloads in SessionState.
    /// </summary>
    [InitializeOnLoad]
    internal static class ConsoleLog
    {
        public const int Capacity = 2000;
        private const string SavedKey = "AgentPanel.Tools.ConsoleLog";
        private static readonly object Gate = new object();
        private static readonly LinkedList<Entry> Entries = new LinkedList<Entry>();
        private static long nextId = 1;

        /// <summary>One Console message.</summary>
        public sealed class Entry
        {
            public long id;
            public string type;
            public string message;
            public string stack;
            public string time;
        }

        private static bool capturing;

        static ConsoleLog()
        {
            // Batch mode and Asset Import Workers capture only once the console tool is used there (EnsureCapturing).
            if (Integration.EditorProcess.IsInteractive) EnsureCapturing();
        }

        /// <summary>Start capturing (once per domain load; main thread): restores the messages saved before the reload.</summary>
        public static void EnsureCapturing()
        {
            if (capturing) return;
            capturing = true;
            Restore();
            Application.logMessageReceivedThreaded -= OnLog;
            Application.logMessageReceivedThreaded += OnLog;
            AssemblyReloadEvents.beforeAssemblyReload -= Save;
            AssemblyReloadEvents.beforeAssemblyReload += Save;
        }

        /// <summary>Messages newest last, filtered by type and text, after <paramref name="sinceId"/>.</summary>
        public static List<Entry> Read(string[] types, string contains, long sinceId)
        {
            lock (Gate)
            {
                return Entries.Where(e => e.id > sinceId && (types == null || types.Length == 0 || types.Contains(e.type)) && (string.IsNullOrEmpty(contains) || e.message.IndexOf(contains, StringComparison.OrdinalIgnoreCase) >= 0)).ToList();
            }
        }

        /// <summary>Forget every captured message.</summary>
        public static void Clear()
        {
            lock (Gate) Entries.Clear();
        }

        private static void OnLog(string message, string stack, LogType type)
        {
            lock (Gate)
            {
                Entries.AddLast(new Entry { id = nextId++, type = Name(type), message = message, stack = type == LogType.Log ? null : stack, time = DateTime.UtcNow.ToString("HH:mm:ss.fff") });
                while (Entries.Count > Capacity) Entries.RemoveFirst();
            }
        }

        private static string Name(LogType type)
        {
            switch (type)
            {
                case LogType.Error:
                case LogType.Assert:
                case LogType.Exception: return "error";
                case LogType.Warning: return "warning";
                default: return "log";
            }
        }

        private static void Save()
        {
            lock (Gate) SessionState.SetString(SavedKey, JsonConvert.SerializeObject(Entries.Skip(Math.Max(0, Entries.Count - 500)).ToList()));
        }

        private static void Restore()
        {
            try
            {
                var saved = JsonConvert.DeserializeObject<List<Entry>>(SessionState.GetString(SavedKey, "[]")) ?? new List<Entry>();
                lock (Gate)
                {
                    foreach (var e in saved) Entries.AddLast(e);
                    nextId = saved.Count > 0 ? saved.Max(e => e.id) + 1 : 1;
                }
            }
            catch (JsonException)
            {
                // A damaged saved log is only lost history.
            }
            SessionState.EraseString(SavedKey);
        }
    }
}
