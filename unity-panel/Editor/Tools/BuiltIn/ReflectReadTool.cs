using AgentPanel.Core.Tools;

namespace AgentPanel.Editor.Tools.BuiltIn
{
    /// <summary>reflect_read: any field or property reachable from a type, the scene, an instance id, the selection or the Scene view.</summary>
    internal static class ReflectReadTool
    {
        [AgentTool(Name = "reflect_read", Group = "diagnostics", Idempotency = Idempotency.Safe,
            Description = "Read values by reflection when no other tool shows them. The path starts with a root — @type:Namespace.Type (static members), @scene:/Parent/Child (a GameObject; the next segment may name a component), @id:<instanceId>, @selection, @sceneview:camera — then member names separated by '/', with [n] for list items and [\"key\"] for dictionary keys. Private members are readable. Answers {path, type, value}.",
            Examples = new[] { "{\"path\":\"@selection/transform/position\"}", "{\"path\":\"@type:UnityEditor.EditorApplication/isPlaying\"}", "{\"path\":\"@scene:/Player/Rigidbody/velocity\"}" })]
        public static object ReflectRead(
            [ToolParameter("the path to read")] string path,
            [ToolParameter("how many levels of nested objects to write (1-6)")] int depth = 3)
        {
            try
            {
                var reader = new ReflectReader(new EditorReflectRoots()) { MaxDepth = System.Math.Max(1, System.Math.Min(6, depth)) };
                return reader.Read(path);
            }
            catch (ReflectPathException e)
            {
                throw new ToolException(ToolErrorCodes.InvalidParams, e.Message);
            }
        }
    }
}
