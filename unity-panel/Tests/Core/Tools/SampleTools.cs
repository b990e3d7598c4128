using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;

// Plain .NET tool declarations the tests discover. They are passed to ToolDiscovery explicitly; the Editor's discovery
// skips this test assembly so they never reach a real catalog.
namespace AgentPanel.Core.Tests.Tools.Samples
{
    /// <summary>Shaped like UnityEngine.Vector3 (name + public float x/y/z), which is all the Core looks at.</summary>
    public struct Vector3
    {
        public float x;
        public float y;
        public float z;
    }

    /// <summary>Shaped like UnityEngine.Color.</summary>
    public struct Color
    {
        public float r;
        public float g;
        public float b;
        public float a;
    }

    /// <summary>Shaped like UnityEngine.Quaternion.</summary>
    public struct Quaternion
    {
        public float x;
        public float y;
        public float z;
        public float w;
    }

    public enum PrimitiveKind
    {
        Cube,
        Sphere,
        Capsule,
    }

    public class SpawnOptions
    {
        [ToolParameter("How many to spawn", Required = true)]
        public int Count { get; set; }

        [ToolParameter("Name prefix", Default = "Item")]
        public string Prefix { get; set; }

        public List<string> Tags { get; set; }
    }

    /// <summary>Static method tools: typed parameters are the schema.</summary>
    public static class MethodTools
    {
        public static readonly List<string> Calls = new List<string>();

        [AgentTool(Description = "Adds two numbers", Idempotency = Idempotency.Safe, MainThread = false, Group = "math", Examples = new[] { "{\"a\":1,\"b\":2}" })]
        public static int AddNumbers(int a, [ToolParameter("The second number")] int b = 10) => a + b;

        [AgentTool(Name = "spawn", Description = "Spawns things", UndoGroup = "Spawn things", AlwaysLoad = true, MaxResultSizeChars = 5000)]
        public static object Spawn(
            PrimitiveKind kind,
            Vector3 position,
            Color color,
            Quaternion rotation,
            string[] names,
            List<double> weights,
            SpawnOptions options,
            bool? visible = null,
            long big = 5,
            float scale = 1.5f,
            string label = "")
        {
            Calls.Add($"{kind} {position.x},{position.y},{position.z} a={color.a} {names.Length} {weights.Count} {options.Count}:{options.Prefix} {visible} {big} {scale}");
            return new SuccessResponse("spawned", new { kind, position, count = options.Count });
        }

        [AgentTool(Description = "Waits, then answers")]
        public static async Task<string> SlowEcho(string text, CancellationToken cancellation)
        {
            await Task.Delay(10, cancellation).ConfigureAwait(false);
            return "echo " + text;
        }

        /// <summary>Set when a hold call is running; the test completes <see cref="HoldRelease"/> to let it answer.</summary>
        public static TaskCompletionSource<bool> HoldStarted = new TaskCompletionSource<bool>();
        public static TaskCompletionSource<bool> HoldRelease = new TaskCompletionSource<bool>();
        public static int HoldCalls;

        [AgentTool(Description = "Runs until the test releases it (a call in flight during a simulated reload)")]
        public static async Task<string> Hold(string tag)
        {
            Interlocked.Increment(ref HoldCalls);
            HoldStarted.TrySetResult(true);
            await HoldRelease.Task.ConfigureAwait(false);
            return "held " + tag;
        }

        [AgentTool(Description = "Does something and returns nothing")]
        public static async Task Touch(string path)
        {
            await Task.Yield();
            Calls.Add("touch " + path);
        }

        [AgentTool(Description = "Deletes a thing", Destructive = true)]
        public static string DeleteThing(string name, bool dryRun = false)
        {
            Calls.Add((dryRun ? "dry " : "delete ") + name);
            return dryRun ? "would delete " + name : "deleted " + name;
        }

        [AgentTool(Description = "Erases everything", Destructive = true)]
        public static string EraseAll()
        {
            Calls.Add("erase");
            return "erased";
        }

        [AgentTool(Description = "Always throws")]
        public static void Explode(string why) => throw new InvalidOperationException("boom: " + why);

        [AgentTool(Description = "Returns a thing JSON cannot write")]
        public static object Unwritable() => new Unserializable();

        [AgentTool(Description = "Returns an image")]
        public static ImageResponse Picture() => new ImageResponse(new byte[] { 1, 2, 3 }, "image/png", "a picture");

        [AgentTool(Description = "Reports a failure", Enabled = true)]
        public static ErrorResponse Refuse() => new ErrorResponse("Nothing is selected; select a GameObject first.", "not_found");

        [AgentTool(Description = "Fails with its own code")]
        public static void Missing(string target) => throw new ToolException("not_found", $"No GameObject matches '{target}'.");

        [AgentTool(Description = "Hidden", Enabled = false)]
        public static void Hidden()
        {
        }
    }

    public sealed class Unserializable
    {
        public int Value => throw new NotSupportedException("cannot read");
    }

    /// <summary>Seed-003 style: a static class with a Parameters class and HandleCommand(JObject).</summary>
    [AgentTool(Name = "spawn_cube", Description = "Spawns a cube at a position")]
    public static class SpawnCubeTool
    {
        public class Parameters
        {
            [ToolParameter("X position", Required = true)]
            public float X { get; set; }

            [ToolParameter("Y position", Required = true)]
            public float Y { get; set; }

            [ToolParameter("Object name", Default = "Cube")]
            public string Name { get; set; }

            [ToolParameter("Shape of the thing", EnumType = "PrimitiveKind")]
            public string Shape { get; set; }

            [ToolParameter("Empty default", Default = "")]
            public string Note { get; set; }
        }

        public static object HandleCommand(JObject @params)
        {
            var p = new ToolParams(@params);
            var x = p.GetFloat("x");
            var y = p.GetFloat("y");
            var name = p.GetString("name", "Cube");
            return new SuccessResponse($"Spawned {name} at ({x}, {y})", new { x, y, name });
        }
    }

    /// <summary>An instance tool: a new instance per call, so the counter never passes 1.</summary>
    [AgentTool(Name = "stateful_tool")]
    public class StatefulTool
    {
        private int counter;

        public object HandleCommand(JObject @params)
        {
            counter++;
            return new SuccessResponse($"Called {counter} times");
        }
    }

    /// <summary>An instance tool through the interface, with an explicit implementation.</summary>
    [AgentTool]
    public class InterfaceTool : IAgentTool
    {
        object IAgentTool.HandleCommand(JObject parameters) => new { got = parameters["value"] };
    }

    [AgentTool(Description = "Async class tool")]
    public static class AsyncClassTool
    {
        public static async Task<object> HandleCommand(JObject @params)
        {
            await Task.Delay(5).ConfigureAwait(false);
            return new SuccessResponse("Done after a while");
        }
    }

    [AgentTool(Description = "Class tool returning Task")]
    public static class PlainTaskTool
    {
        public static readonly List<string> Seen = new List<string>();

        public static async Task HandleCommand(JObject @params)
        {
            await Task.Yield();
            Seen.Add((string)@params["what"]);
        }
    }

    [AgentTool(Description = "A class tool with its own dry run", Destructive = true)]
    public static class WipeTool
    {
        public class Parameters
        {
            [ToolParameter("What to wipe", Required = true)]
            public string Target { get; set; }

            [ToolParameter("Only describe")]
            public bool DryRun { get; set; }
        }

        public static object HandleCommand(JObject @params)
        {
            var p = new ToolParams(@params);
            return p.GetBool("dry_run") ? "would wipe " + p.GetString("target") : "wiped " + p.GetString("target");
        }
    }

    [AgentTool(Description = "Throws from a class")]
    public class ThrowingClassTool
    {
        public object HandleCommand(JObject @params) => throw new ArgumentException("bad things");
    }
}

namespace AgentPanel.Core.Tests.Tools.Invalid
{
    [AgentTool]
    public static class NoHandler
    {
    }

    [AgentTool]
    public static class WrongReturn
    {
        public static string HandleCommand(JObject p) => "x";
    }

    [AgentTool]
    public abstract class AbstractInstance
    {
        public object HandleCommand(JObject p) => null;
    }

    [AgentTool]
    public class NoDefaultConstructor
    {
        public NoDefaultConstructor(int x)
        {
        }

        public object HandleCommand(JObject p) => null;
    }

    [AgentTool(Name = "Bad Name")]
    public static class BadName
    {
        public static object HandleCommand(JObject p) => null;
    }

    [AgentTool(Examples = new[] { "{not json" })]
    public static class BadExample
    {
        public static object HandleCommand(JObject p) => null;
    }

    public class Node
    {
        public Node Next { get; set; }
    }

    public class InvalidMethods
    {
        [AgentTool]
        public object NotStatic() => null;

        [AgentTool]
        public static void TakesDelegate(Action callback)
        {
        }

        [AgentTool]
        public static void TakesRecursive(Node node)
        {
        }

        [AgentTool]
        public static void TakesRef(ref int x)
        {
        }
    }
}

namespace AgentPanel.Core.Tests.Tools.Dupes
{
    public static class A
    {
        [AgentTool(Name = "same_name", Description = "first")]
        public static string First() => "A";
    }

    public static class B
    {
        [AgentTool(Name = "same_name", Description = "second")]
        public static string Second() => "B";
    }
}
