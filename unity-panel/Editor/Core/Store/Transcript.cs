using System;
using System.Collections.Generic;

namespace AgentPanel.Core.Store
{
    /// <summary>
    /// An ordered transcript (the chat itself, or the nested transcript of one subagent): entries keep the position where their
    /// key first appeared, and <see cref="Cards"/> flattens them (a message becomes its block cards in index order, a subagent
    /// takes its tool call's place, 3+ consecutive tool calls become a group). Because only first appearance counts, a
    /// snapshot and the live stream produce the same cards.
    /// </summary>
    internal sealed class Transcript
    {
        private readonly List<object> entries = new List<object>();
        private readonly Dictionary<string, object> byKey = new Dictionary<string, object>();
        private readonly Dictionary<string, ToolGroupCard> groups = new Dictionary<string, ToolGroupCard>();
        private readonly Dictionary<string, ToolGroupCard> groupOfTool = new Dictionary<string, ToolGroupCard>();
        private readonly Func<string, SubagentCard> subagentOfTool;
        private List<Card> cards = new List<Card>();
        private bool dirty;

        public Transcript(string parentToolUseId, Func<string, SubagentCard> subagentOfTool)
        {
            ParentToolUseId = parentToolUseId;
            this.subagentOfTool = subagentOfTool ?? (_ => null);
        }

        /// <summary>Null for the chat; the Task tool's id for a subagent's transcript.</summary>
        public string ParentToolUseId { get; }

        /// <summary>Grows whenever the card list changes shape (cards added, removed, regrouped).</summary>
        public int StructureRevision { get; private set; }

        /// <summary>The cards in display order.</summary>
        public IReadOnlyList<Card> Cards
        {
            get
            {
                if (dirty) Rebuild();
                return cards;
            }
        }

        /// <summary>The group a tool card is shown in, or null.</summary>
        public ToolGroupCard GroupOf(ToolCard tool)
        {
            if (dirty) Rebuild();
            return groupOfTool.TryGetValue(tool.Key, out var group) ? group : null;
        }

        internal T Get<T>(string key) where T : class
        {
            return byKey.TryGetValue(key, out var entry) ? entry as T : null;
        }

        internal bool Contains(string key)
        {
            return byKey.ContainsKey(key);
        }

        internal void Add(string key, object entry)
        {
            byKey.Add(key, entry);
            entries.Add(entry);
            dirty = true;
        }

        /// <summary>The flattened list must be rebuilt (a block appeared, a subagent found its tool, …).</summary>
        internal void Invalidate()
        {
            dirty = true;
        }

        private void Rebuild()
        {
            dirty = false;
            var flat = new List<Card>();
            var placedSubagents = new HashSet<string>();
            foreach (var entry in entries)
            {
                switch (entry)
                {
                    case MessageEntry message:
                        message.AppendCards(flat);
                        break;
                    case ToolCard tool:
                        var host = subagentOfTool(tool.ToolUseId);
                        if (host != null && byKey.ContainsKey(host.Key))
                        {
                            host.Tool = tool;
                            if (placedSubagents.Add(host.Key)) flat.Add(host);
                        }
                        else
                        {
                            flat.Add(tool);
                        }
                        break;
                    case SubagentCard subagent:
                        var hasTool = subagent.ToolUseId != null && byKey.ContainsKey("tool:" + subagent.ToolUseId);
                        if (!hasTool && placedSubagents.Add(subagent.Key)) flat.Add(subagent);
                        break;
                    case PermissionCard permission when permission.FoldedInto != null:
                        // Settled and shown in its tool's card.
                        break;
                    case Card card:
                        flat.Add(card);
                        break;
                }
            }
            var next = Group(flat);
            if (!SameCards(next, cards)) StructureRevision++;
            cards = next;
        }

        private List<Card> Group(List<Card> flat)
        {
            groupOfTool.Clear();
            var result = new List<Card>(flat.Count);
            var i = 0;
            while (i < flat.Count)
            {
                var end = i;
                while (end < flat.Count && flat[end] is ToolCard) end++;
                if (end - i >= 3)
                {
                    var first = (ToolCard)flat[i];
                    if (!groups.TryGetValue(first.Key, out var group)) groups[first.Key] = group = new ToolGroupCard(first.Key);
                    var before = group.Tools.Count;
                    group.Tools.Clear();
                    for (var k = i; k < end; k++)
                    {
                        var tool = (ToolCard)flat[k];
                        group.Tools.Add(tool);
                        groupOfTool[tool.Key] = group;
                    }
                    if (before != group.Tools.Count) group.Touch();
                    result.Add(group);
                    i = end;
                    continue;
                }
                if (end == i)
                {
                    result.Add(flat[i]);
                    i++;
                    continue;
                }
                for (var k = i; k < end; k++) result.Add(flat[k]);
                i = end;
            }
            return result;
        }

        private static bool SameCards(List<Card> a, List<Card> b)
        {
            if (a.Count != b.Count) return false;
            for (var i = 0; i < a.Count; i++)
            {
                if (!ReferenceEquals(a[i], b[i])) return false;
            }
            return true;
        }
    }
}
