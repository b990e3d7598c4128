using AgentPanel.Core.Tools;
using UnityEditor;

namespace AgentPanel.Editor.Tools
{
    /// <summary>Groups that span several steps on Unity's Undo stack: a sequence's (undo_group_begin / undo_group_end) and an agent turn's (main thread only).</summary>
    internal sealed class EditorUndoGroups : IUndoStack
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

        public void PerformUndo() => Undo.PerformUndo();

        public void RevertAllDownToGroup(int group) => Undo.RevertAllDownToGroup(group);
    }
}
