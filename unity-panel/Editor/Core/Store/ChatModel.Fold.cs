namespace AgentPanel.Core.Store
{
    // A settled permission request folds into its tool's card: the card says "Allowed by you" and the request has no card of its
    // own. Tool and request can arrive in either order (a snapshot keeps first appearance), so both sides try to fold.
    internal sealed partial class ChatModel
    {
        /// <summary>The tool card of <paramref name="toolUseId"/>, in the chat or a subagent's transcript; null if none yet.</summary>
        private ToolCard FindTool(string toolUseId)
        {
            var key = "tool:" + toolUseId;
            var tool = Root.Get<ToolCard>(key);
            if (tool != null) return tool;
            foreach (var transcript in nested.Values)
            {
                tool = transcript.Get<ToolCard>(key);
                if (tool != null) return tool;
            }
            return null;
        }

        /// <summary>Fold a settled request of this tool (if one waits for its card).</summary>
        private void FoldSettled(ToolCard tool)
        {
            if (tool.Permission == null && permissionOfTool.TryGetValue(tool.ToolUseId, out var permission)) Fold(permission, tool);
        }

        private void Fold(PermissionCard permission, ToolCard tool)
        {
            if (tool == null || permission.Pending) return;
            permission.FoldedInto = tool;
            tool.Permission = permission;
            TouchWithGroup(tool);
            Root.Invalidate();
        }

        private void TouchWithGroup(ToolCard tool)
        {
            tool.Touch();
            Root.GroupOf(tool)?.Touch();
            foreach (var transcript in nested.Values) transcript.GroupOf(tool)?.Touch();
        }

        /// <summary>A request asked again (repeated after a reconnect) shows as its own card until it is settled.</summary>
        private void Unfold(PermissionCard permission)
        {
            if (permission.FoldedInto == null) return;
            permission.FoldedInto.Permission = null;
            TouchWithGroup(permission.FoldedInto);
            permission.FoldedInto = null;
            Root.Invalidate();
        }
    }
}
