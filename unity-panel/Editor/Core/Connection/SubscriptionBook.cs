using System.Collections.Generic;
using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.Connection
{
    /// <summary>How an incoming event relates to what we already received for its chat.</summary>
    internal enum SeqVerdict
    {
        /// <summary>The next event: deliver it.</summary>
        Next,
        /// <summary>Seen before: drop it.</summary>
        Duplicate,
        /// <summary>A pending permission request repeated by a replay: deliver it (applying it is idempotent).</summary>
        Repeated,
        /// <summary>Events are missing before it: resubscribe from the last seq.</summary>
        Gap,
        /// <summary>Not subscribed (a late frame after unsubscribe): drop it.</summary>
        NotSubscribed,
    }

    /// <summary>The chats we are subscribed to and the last seq received for each, to resubscribe after a reconnect; thread-safe.</summary>
    internal sealed class SubscriptionBook
    {
        private readonly Dictionary<string, long> lastSeq = new Dictionary<string, long>();
        private readonly object gate = new object();

        /// <summary>Start (or keep) tracking a chat; <paramref name="afterSeq"/> is what the caller already has.</summary>
        public void Add(string chatId, long afterSeq)
        {
            lock (gate) lastSeq[chatId] = afterSeq;
        }

        /// <summary>Stop tracking a chat.</summary>
        public bool Remove(string chatId)
        {
            lock (gate) return lastSeq.Remove(chatId);
        }

        /// <summary>Forget every chat (the sidecar was replaced by another process).</summary>
        public List<string> Clear()
        {
            lock (gate)
            {
                var ids = new List<string>(lastSeq.Keys);
                lastSeq.Clear();
                return ids;
            }
        }

        /// <summary>True when the chat is tracked.</summary>
        public bool Contains(string chatId)
        {
            lock (gate) return lastSeq.ContainsKey(chatId);
        }

        /// <summary>Last seq received for a chat (0 when none or not tracked).</summary>
        public long LastSeq(string chatId)
        {
            lock (gate) return lastSeq.TryGetValue(chatId, out var seq) ? seq : 0;
        }

        /// <summary>Every tracked chat with its last seq.</summary>
        public List<KeyValuePair<string, long>> All()
        {
            lock (gate) return new List<KeyValuePair<string, long>>(lastSeq);
        }

        /// <summary>Judge an event frame and advance the chat's seq when it is the next one.</summary>
        public SeqVerdict Accept(string chatId, long seq, PanelEvent evt)
        {
            lock (gate)
            {
                if (!lastSeq.TryGetValue(chatId, out var last)) return SeqVerdict.NotSubscribed;
                if (seq == last + 1)
                {
                    lastSeq[chatId] = seq;
                    return SeqVerdict.Next;
                }
                if (seq <= last) return evt is PermissionRequestedEvent ? SeqVerdict.Repeated : SeqVerdict.Duplicate;
                return SeqVerdict.Gap;
            }
        }

        /// <summary>A snapshot replaces everything up to its seq; false when the chat is not tracked.</summary>
        public bool AcceptSnapshot(string chatId, long seq)
        {
            lock (gate)
            {
                if (!lastSeq.ContainsKey(chatId)) return false;
                lastSeq[chatId] = seq;
                return true;
            }
        }
    }
}
