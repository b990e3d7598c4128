using System;
using System.Threading;
using AgentPanel.Core.Connection;

namespace AgentPanel.Core.Tools
{
    /// <summary>Where the tool journal is kept: somewhere that survives a domain reload (the Editor: SessionState), tests in memory.</summary>
    internal interface IJournalStore
    {
        /// <summary>The saved journal (JSON), or null when there is none.</summary>
        string Load();

        void Save(string json);
    }

    /// <summary>A journal store in memory (tests, hosts without a reload).</summary>
    internal sealed class MemoryJournalStore : IJournalStore
    {
        private string json;

        public string Load() => json;

        public void Save(string value) => json = value;
    }

    /// <summary>
    /// Puts the journal in a store only the main thread may touch (Unity's SessionState, which survives a domain reload and
    /// not an Editor restart) although the journal changes on the socket's receive thread too: a save on the main thread
    /// writes through; a save elsewhere keeps the text and posts one write to the main-thread queue. <see cref="Flush"/>,
    /// called on the main thread after the provider's socket is closed before a reload, writes what is still pending, so
    /// nothing recorded before the unload is lost. Create it on the main thread.
    /// </summary>
    internal sealed class MainThreadJournalStore : IJournalStore
    {
        private readonly IJournalStore mainThreadOnly;
        private readonly MainThreadQueue queue;
        private readonly int mainThread = Thread.CurrentThread.ManagedThreadId;
        private readonly object gate = new object();
        private string pending;
        private bool dirty;
        private bool posted;

        public MainThreadJournalStore(IJournalStore mainThreadOnly, MainThreadQueue queue)
        {
            this.mainThreadOnly = mainThreadOnly ?? throw new ArgumentNullException(nameof(mainThreadOnly));
            this.queue = queue ?? throw new ArgumentNullException(nameof(queue));
        }

        /// <summary>Saves not written to the main-thread store yet.</summary>
        public bool HasPending
        {
            get
            {
                lock (gate) return dirty;
            }
        }

        public string Load()
        {
            lock (gate)
            {
                if (dirty) return pending;
            }
            return OnMainThread ? mainThreadOnly.Load() : null;
        }

        public void Save(string json)
        {
            lock (gate)
            {
                pending = json;
                dirty = true;
                if (!OnMainThread)
                {
                    if (!posted) queue.Post(Flush);
                    posted = true;
                    return;
                }
            }
            Flush();
        }

        /// <summary>Write the latest save to the main-thread store (main thread; does nothing elsewhere or when nothing is pending).</summary>
        public void Flush()
        {
            if (!OnMainThread) return;
            string json;
            lock (gate)
            {
                posted = false;
                if (!dirty) return;
                json = pending;
                dirty = false;
                // Written under the lock so a newer save from another thread cannot be overwritten by this older text.
                mainThreadOnly.Save(json);
            }
        }

        private bool OnMainThread => Thread.CurrentThread.ManagedThreadId == mainThread;
    }
}
