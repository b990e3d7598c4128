using System;
using System.Reflection;
using System.Threading;
using AgentPanel.Core.Protocol;
using UnityEditor;

namespace AgentPanel.Editor.Tools
{
    /// <summary>
    /// Keeps an unfocused Editor responsive while tool calls wait: it normally updates only about every 100 ms. Calls
    /// arriving on a socket thread signal Unity's thread-safe main-loop tick; while calls wait, each update queues another.
    /// </summary>
    internal sealed class EditorWaker : IDisposable
    {
        private static readonly Action SignalTick = FindSignalTick();
        private int waiting;
        private Timer always;

        /// <summary>How the Editor is woken, for the status line: on-demand, always, or unavailable (no thread-safe tick in this Unity).</summary>
        public string Mode => SignalTick == null ? WakeModes.Unavailable : ToolHostSettings.Wake == WakeMode.Always ? WakeModes.Always : WakeModes.OnDemand;

        /// <summary>Calls waiting for the main thread.</summary>
        public int Waiting => Volatile.Read(ref waiting);

        /// <summary>Start following the setting; call on the main thread.</summary>
        public void Start()
        {
            EditorApplication.update -= OnUpdate;
            EditorApplication.update += OnUpdate;
            Apply(ToolHostSettings.Wake);
        }

        /// <summary>A call was queued for the main thread (any thread).</summary>
        public void CallQueued()
        {
            Interlocked.Increment(ref waiting);
            Signal();
        }

        /// <summary>Wake the main loop now (any thread), e.g. when a call frame arrives on the socket thread.</summary>
        public void Nudge() => Signal();

        /// <summary>A queued call started running (main thread).</summary>
        public void CallStarted() => Interlocked.Decrement(ref waiting);

        public void Dispose()
        {
            EditorApplication.update -= OnUpdate;
            always?.Dispose();
            always = null;
        }

        private void OnUpdate()
        {
            Apply(ToolHostSettings.Wake);
            if (Waiting > 0) EditorApplication.QueuePlayerLoopUpdate();
        }

        private void Apply(WakeMode mode)
        {
            if (mode == WakeMode.Always && always == null) always = new Timer(_ => Signal(), null, 0, 15);
            else if (mode != WakeMode.Always && always != null)
            {
                always.Dispose();
                always = null;
            }
        }

        private static void Signal()
        {
            try
            {
                SignalTick?.Invoke();
            }
            catch (Exception)
            {
                // Waking is an optimisation: the call still runs on the next regular update.
            }
        }

        private static Action FindSignalTick()
        {
            // EditorApplication.SignalTick is internal and marked thread-safe in the reference source (2022.3 and 6000.0).
            var method = typeof(EditorApplication).GetMethod("SignalTick", BindingFlags.Static | BindingFlags.NonPublic | BindingFlags.Public, null, Type.EmptyTypes, null);
            return method == null ? null : (Action)Delegate.CreateDelegate(typeof(Action), method, false);
        }
    }
}
