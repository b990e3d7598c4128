using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>The reflect_read path syntax and member walk, with plain .NET objects and a fake of the Editor's roots.</summary>
    public class ReflectPathTests
    {
        public static class Settings
        {
            public static int Volume = 7;
            private static string Secret => "hidden";
            public static Player Current = new Player();
        }

        public class Player
        {
            public string Name = "Ada";
            public Samples.Vector3 Position = new Samples.Vector3 { x = 1, y = 2, z = 3 };
            public List<Item> Items = new List<Item> { new Item { Id = 1 }, new Item { Id = 2 } };
            public Dictionary<string, int> Scores = new Dictionary<string, int> { ["a/b"] = 5 };
            public Player Friend;
            private int level = 4;
            public int Broken => throw new System.InvalidOperationException("not ready");
            public int Level => level;
        }

        public class Item
        {
            public int Id { get; set; }
        }

        private sealed class FakeRoots : IReflectRoots
        {
            public readonly Dictionary<string, object> Scene = new Dictionary<string, object>();
            public object Selected;

            object IReflectRoots.Scene(IReadOnlyList<ReflectSegment> segments, out int used)
            {
                // "/World/Player" is the only hierarchy path; the rest are members.
                used = 0;
                object found = null;
                var path = "";
                foreach (var s in segments)
                {
                    path += "/" + s.Text;
                    if (!Scene.TryGetValue(path, out var hit)) break;
                    found = hit;
                    used++;
                }
                return found ?? throw new ReflectPathException(path, "no such GameObject");
            }

            public object Id(int instanceId) => instanceId == 42 ? Selected : throw new ReflectPathException("@id:" + instanceId, "no object has this instance id");
            public object Selection() => Selected ?? throw new ReflectPathException("@selection", "nothing is selected");
            public object SceneView(string part) => part == "camera" ? Selected : throw new ReflectPathException(part, "unknown part");

            public bool TryStep(object current, ReflectSegment segment, out object next)
            {
                next = null;
                if (!(current is Player p) || segment.Name != "FirstItem") return false;
                next = p.Items[0];
                return true;
            }

            public JToken Reference(object value) => value is Item i ? new JObject { ["ref"] = i.Id } : null;
        }

        private static readonly string TypeName = typeof(Settings).FullName;

        [TestCase("@selection/transform/position", "Selection", "", new[] { "transform", "position" })]
        [TestCase("@type:UnityEditor.EditorApplication/isPlaying", "Type", "UnityEditor.EditorApplication", new[] { "isPlaying" })]
        [TestCase("UnityEditor.EditorApplication/isPlaying", "Type", "UnityEditor.EditorApplication", new[] { "isPlaying" })]
        [TestCase("@scene:/Canvas/Button[1]/Image/color", "Scene", "", new[] { "Canvas", "Button[1]", "Image", "color" })]
        [TestCase("@id:-1234/name", "Id", "-1234", new[] { "name" })]
        [TestCase("@sceneview:camera/transform/position", "SceneView", "camera", new[] { "transform", "position" })]
        [TestCase("@selection", "Selection", "", new string[0])]
        [TestCase("@type:T/lookup[\"a/b\"]/x", "Type", "T", new[] { "lookup[\"a/b\"]", "x" })]
        public void ParsesEveryRootAndItsSegments(string text, string root, string argument, string[] segments)
        {
            var path = ReflectPath.Parse(text);
            Assert.That(path.Root.ToString(), Is.EqualTo(root));
            Assert.That(path.Argument, Is.EqualTo(argument));
            Assert.That(path.Segments.Select(s => s.Text), Is.EqualTo(segments));
        }

        [Test]
        public void SegmentsCarryIntegerIndexesAndQuotedKeys()
        {
            var s = ReflectPath.Segment("grid[2][\"k\"]", "p");
            Assert.That(s.Name, Is.EqualTo("grid"));
            Assert.That(s.Indexes, Is.EqualTo(new object[] { 2, "k" }));
        }

        [TestCase("", "the path is empty")]
        [TestCase("@nope:x", "unknown root")]
        [TestCase("@id:abc", "not an instance id")]
        [TestCase("@type:", "needs a value after the colon")]
        [TestCase("@selection/items[x]", "must be an integer or a quoted key")]
        [TestCase("@selection/items[0", "missing ']'")]
        public void RejectsMalformedPathsSayingWhy(string text, string reason)
        {
            Assert.That(() => ReflectPath.Parse(text), Throws.TypeOf<ReflectPathException>().With.Message.Contains(reason));
        }

        [Test]
        public void ReadsStaticMembersPublicOrNotFromATypeRoot()
        {
            var reader = new ReflectReader(null);
            Assert.That(reader.Read("@type:" + TypeName + "/Volume")["value"].ToString(), Is.EqualTo("7"));
            Assert.That((string)reader.Read(TypeName + "/Secret")["value"], Is.EqualTo("hidden"));
            Assert.That((string)reader.Read(TypeName + "/Current/Name")["value"], Is.EqualTo("Ada"));
            Assert.That((int)reader.Read(TypeName + "/Current/level")["value"], Is.EqualTo(4), "private fields too");
            Assert.That((int)reader.Read(TypeName + "/current/LEVEL")["value"], Is.EqualTo(4), "case-insensitive when no exact match");
        }

        [Test]
        public void FollowsIndexesKeysAndVectorShapes()
        {
            var reader = new ReflectReader(null);
            Assert.That((int)reader.Read(TypeName + "/Current/Items[1]/Id")["value"], Is.EqualTo(2));
            Assert.That((int)reader.Read(TypeName + "/Current/Scores[\"a/b\"]")["value"], Is.EqualTo(5));
            var position = reader.Read(TypeName + "/Current/Position");
            Assert.That(position["value"].ToString(Newtonsoft.Json.Formatting.None), Is.EqualTo("{\"x\":1.0,\"y\":2.0,\"z\":3.0}"));
            Assert.That((string)position["type"], Does.EndWith("Vector3"));
        }

        [Test]
        public void WritesPlainObjectsByTheirMembersAndReportsThrowingGetters()
        {
            var value = new ReflectReader(null).Read(TypeName + "/Current")["value"];
            Assert.That((string)value["Name"], Is.EqualTo("Ada"));
            Assert.That(value["Items"].Select(i => (int)i["Id"]), Is.EqualTo(new[] { 1, 2 }));
            Assert.That((string)value["Broken"]["error"], Is.EqualTo("not ready"));
            Assert.That(value["Friend"].Type, Is.EqualTo(JTokenType.Null));
        }

        [TestCase("/Nope", "has no static field or property 'Nope'")]
        [TestCase("/Current/Friend/Name", "'Friend' is null")]
        [TestCase("/Current/Items[5]", "index 5 is outside 'Items[5]' (it has 2 items)")]
        [TestCase("/Current/Scores[\"zz\"]", "has no key \"zz\"")]
        [TestCase("/Current/Broken", "reading 'Broken' threw InvalidOperationException: not ready")]
        [TestCase("", "name a static member")]
        public void PathsThatCannotBeFollowedSayWhere(string tail, string reason)
        {
            Assert.That(() => new ReflectReader(null).Read(TypeName + tail), Throws.TypeOf<ReflectPathException>().With.Message.Contains(reason));
        }

        [Test]
        public void UnknownTypesAndEngineRootsWithoutAnEditorAreClearErrors()
        {
            Assert.That(() => new ReflectReader(null).Read("@type:No.Such.Type/x"), Throws.TypeOf<ReflectPathException>().With.Message.Contains("no loaded type is named 'No.Such.Type'"));
            Assert.That(() => new ReflectReader(null).Read("@selection/Name"), Throws.TypeOf<ReflectPathException>().With.Message.Contains("needs the Unity Editor"));
        }

        [Test]
        public void EngineRootsAndStepsComeFromTheRootsInterface()
        {
            var roots = new FakeRoots { Selected = new Player { Name = "Sel" } };
            roots.Scene["/World"] = new object();
            roots.Scene["/World/Player"] = roots.Selected;
            var reader = new ReflectReader(roots);
            Assert.That((string)reader.Read("@selection/Name")["value"], Is.EqualTo("Sel"));
            Assert.That((string)reader.Read("@id:42/Name")["value"], Is.EqualTo("Sel"));
            Assert.That((string)reader.Read("@sceneview:camera/Name")["value"], Is.EqualTo("Sel"));
            Assert.That((string)reader.Read("@scene:/World/Player/Name")["value"], Is.EqualTo("Sel"), "the scene lookup used two segments, reflection the rest");
            Assert.That((int)reader.Read("@selection/FirstItem/Id")["value"], Is.EqualTo(1), "an engine step");
            Assert.That(reader.Read("@selection/Items")["value"].ToString(Newtonsoft.Json.Formatting.None), Is.EqualTo("[{\"ref\":1},{\"ref\":2}]"), "engine objects are written as references");
            Assert.That(() => new ReflectReader(new FakeRoots()).Read("@selection/Name"), Throws.TypeOf<ReflectPathException>().With.Message.Contains("nothing is selected"));
        }
    }
}
