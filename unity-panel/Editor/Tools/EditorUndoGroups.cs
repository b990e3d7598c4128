using AgentPanel.Core.Tools;
using UnityEditor;

namespace AgentPanel.Editor.Tools
{
    /// <summary>A sequence's Undo group on Unity's Undo stack (undo_group_begin / undo_group_end; main thread only).</summary>
    internal sealed class EditorUndoGroups : ISequenceUndo
    {
        public int Begin(string name)
        {
            Undo.IncrementCurrentGroup();
            Undo.SetCurrentGroupName(name);
            return Undo.GetCurrentGroup();
        }

        public void End(int group, string name)
        {
            // Named before collapsing, so the merged step carries the sequence's name whichever group's name Unity keeps.
            Undo.SetCurrentGroupName(name);
            Undo.CollapseUndoOperations(group);
        }
    }
}
