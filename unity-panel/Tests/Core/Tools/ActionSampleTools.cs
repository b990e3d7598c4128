using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;

// Action tools (seed 003's action handlers as [AgentToolAction]) for ToolActionTests; discovered only by that fixture.
namespace AgentPanel.Core.Tests.Tools.ActionSamples
{
    public enum Shape
    {
        Cube,
        Sphere,
    }

    [AgentTool(Name = "things", Description = "Creates, renames and lists things")]
    public static class ThingsTool
    {
        public static string Last;

        [AgentToolAction(Description = "Make a thing")]
        public static string Create([ToolParameter("Its name")] string name, Shape shape = Shape.Cube, int count = 1)
        {
            Last = $"create {name} {shape} {count}";
            return Last;
        }

        [AgentToolAction("rename", Description = "Rename a thing")]
        public static object RenameThing(string name, string newName)
        {
            Last = $"rename {name} -> {newName}";
            return new SuccessResponse(Last);
        }

        [AgentToolAction]
        public static async Task<string> Count(CancellationToken cancellation)
        {
            await Task.Yield();
            Last = "count " + cancellation.CanBeCanceled;
            return Last;
        }

        [AgentToolAction("raw")]
        public static object Raw(JObject args)
        {
            Last = "raw " + args.ToString(Newtonsoft.Json.Formatting.None);
            return Last;
        }
    }

    [AgentTool(Name = "wipe_things", Destructive = true)]
    public static class WipeThingsTool
    {
        public static string Last;

        [AgentToolAction]
        public static string Wipe(string name, bool dryRun)
        {
            Last = $"wipe {name} dry={dryRun}";
            return Last;
        }

        [AgentToolAction]
        public static string Burn(string name)
        {
            Last = "burn " + name;
            return Last;
        }
    }

    [AgentTool(Name = "clashing_actions")]
    public static class ClashingTypes
    {
        [AgentToolAction]
        public static void A(int size)
        {
        }

        [AgentToolAction]
        public static void B(string size)
        {
        }
    }

    [AgentTool(Name = "instance_action")]
    public class InstanceAction
    {
        [AgentToolAction]
        public void Go()
        {
        }
    }

    [AgentTool(Name = "both_shapes")]
    public static class BothShapes
    {
        public static object HandleCommand(JObject args) => "x";

        [AgentToolAction]
        public static void Go()
        {
        }
    }

    [AgentTool(Name = "action_named_action")]
    public static class ActionParameter
    {
        [AgentToolAction]
        public static void Go(string action)
        {
        }
    }

    public static class OrphanActions
    {
        [AgentToolAction]
        public static void Lost()
        {
        }
    }
}
