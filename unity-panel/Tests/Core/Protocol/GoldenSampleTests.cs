using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tests.Support;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Protocol
{
    /// <summary>
    /// Every golden sample the sidecar generates (docs/protocol/samples) reads into the C# DTOs and writes back to the same
    /// JSON, so a field or type added on the TypeScript side without a C# change fails here.
    /// </summary>
    public class GoldenSampleTests
    {
        private static readonly Dictionary<string, Type> CommandTypes = new Dictionary<string, Type>
        {
            { "hello", typeof(HelloCommand) },
            { "chats.list", typeof(ChatsListCommand) },
            { "chat.open", typeof(ChatOpenCommand) },
            { "chat.close", typeof(ChatCloseCommand) },
            { "chat.send", typeof(ChatSendCommand) },
            { "chat.interrupt", typeof(ChatInterruptCommand) },
            { "permission.answer", typeof(PermissionAnswerCommand) },
            { "chat.setModel", typeof(SetModelCommand) },
            { "chat.setPermissionMode", typeof(SetPermissionModeCommand) },
            { "subscribe", typeof(SubscribeCommand) },
            { "unsubscribe", typeof(UnsubscribeCommand) },
            { "asset.open", typeof(AssetOpenCommand) },
            { "chat.revertFiles", typeof(RevertFilesCommand) },
            { "history.list", typeof(HistoryListCommand) },
            { "history.search", typeof(HistorySearchCommand) },
            { "history.load", typeof(HistoryLoadCommand) },
            { "history.subagent", typeof(HistorySubagentCommand) },
            { "history.subscribe", typeof(HistorySubscribeCommand) },
            { "history.unsubscribe", typeof(HistoryUnsubscribeCommand) },
            { "tools.publish", typeof(ToolsPublishCommand) },
            { "tools.journal", typeof(ToolsJournalCommand) },
            { "tool.progress", typeof(ToolProgressCommand) },
            { "tool.result", typeof(ToolResultCommand) },
        };

        /// <summary>Typed ack results, by the sample's file name (frame-ack-&lt;cmd&gt;.json).</summary>
        private static readonly Dictionary<string, Type> AckResultTypes = new Dictionary<string, Type>
        {
            { "frame-ack-subscribe.json", typeof(SubscribeResult) },
            { "frame-ack-history.list.json", typeof(HistoryListResult) },
            { "frame-ack-history.search.json", typeof(HistorySearchResult) },
            { "frame-ack-history.load.json", typeof(HistoryLoadResult) },
            { "frame-ack-history.subagent.json", typeof(HistorySubagentResult) },
            { "frame-ack-tools.publish.json", typeof(ToolsPublishResult) },
        };

        private static string SamplesDir => RepoPaths.Root == null ? null : Path.Combine(RepoPaths.Root, "docs", "protocol", "samples");

        private static IEnumerable<TestCaseData> Samples()
        {
            var dir = SamplesDir;
            if (dir == null || !Directory.Exists(dir))
            {
                // Installed package (no repository around it): one case that reports the skip.
                yield return new TestCaseData("").SetName("sample (none: not inside the repository)");
                yield break;
            }
            foreach (var file in Directory.GetFiles(dir, "*.json").OrderBy(f => f, StringComparer.Ordinal))
            {
                yield return new TestCaseData(file).SetName("sample " + Path.GetFileName(file));
            }
        }

        [Test]
        public void TheSamplesExistAndCoverEveryEventTypeFrameKindAndCommand()
        {
            var dir = SamplesDir;
            if (dir == null) Assert.Ignore("Not inside the Agent Panel repository (installed package): the golden samples live in docs/protocol/samples.");
            Assert.That(Directory.Exists(dir), Is.True, "docs/protocol/samples is missing; run `npm run gen:protocol`.");
            var samples = Directory.GetFiles(dir, "*.json").ToDictionary(Path.GetFileName, f => ProtocolJson.ParseObject(File.ReadAllText(f)));
            Assert.That(samples.Keys.All(k => k.StartsWith("frame-") || k.StartsWith("command-") || k.StartsWith("event-")), Is.True, "samples are named frame-*, command-* or event-*");
            var eventTypes = samples.Where(s => s.Key.StartsWith("event-")).Select(s => (string)s.Value["type"]);
            Assert.That(eventTypes.Distinct(), Is.SupersetOf(PanelEventConverter.KnownTypes), "a sample for every event type this package reads");
            var kinds = samples.Where(s => s.Key.StartsWith("frame-")).Select(s => (string)s.Value["kind"]).Distinct();
            Assert.That(kinds, Is.SupersetOf(new[] { "welcome", "ack", "error", "event", "snapshot", "chats", "history.changed", "tool.invoke", "tool.cancel" }));
            var commands = samples.Where(s => s.Key.StartsWith("command-")).Select(s => (string)s.Value["cmd"]).Distinct();
            Assert.That(commands, Is.EquivalentTo(CommandTypes.Keys), "the commands this package can send are exactly the protocol's");
        }

        [TestCaseSource(nameof(Samples))]
        public void ReadsAndWritesBackUnchanged(string file)
        {
            if (file.Length == 0) Assert.Ignore("Not inside the Agent Panel repository: the golden samples live in docs/protocol/samples.");
            var sample = ProtocolJson.ParseObject(File.ReadAllText(file));
            var name = Path.GetFileName(file);
            JToken written;
            if (name.StartsWith("frame-"))
            {
                var frame = ServerFrameParser.FromJObject(sample);
                Assert.That(frame, Is.Not.InstanceOf<UnrecognizedFrame>(), "unknown frame kind " + frame.Kind);
                AssertNoUnrecognizedEvents(frame);
                written = JObject.FromObject(frame, ProtocolJson.Serializer);
                if (AckResultTypes.TryGetValue(name, out var resultType))
                {
                    var result = ((AckFrame)frame).Result.ToObject(resultType, ProtocolJson.Serializer);
                    if (result is HistoryLoadResult page) foreach (var e in page.Events) Assert.That(e, Is.Not.InstanceOf<UnrecognizedEvent>(), "event type " + e.Type);
                    if (result is HistorySubagentResult sub) foreach (var e in sub.Events) Assert.That(e, Is.Not.InstanceOf<UnrecognizedEvent>(), "event type " + e.Type);
                    JsonAssert.AreEquivalent(sample["result"], JObject.FromObject(result, ProtocolJson.Serializer), name + " result (a field the typed result lacks)");
                }
            }
            else if (name.StartsWith("command-"))
            {
                var cmd = (string)sample["cmd"];
                Assert.That(CommandTypes.ContainsKey(cmd), Is.True, "no C# class for command " + cmd);
                var command = (ClientCommand)sample.ToObject(CommandTypes[cmd], ProtocolJson.Serializer);
                written = JObject.Parse(command.ToJson());
            }
            else
            {
                var evt = PanelEventConverter.FromJObject(sample, ProtocolJson.Serializer);
                Assert.That(evt, Is.Not.InstanceOf<UnrecognizedEvent>(), "unknown event type " + evt.Type);
                written = JObject.FromObject(evt, ProtocolJson.Serializer);
            }
            JsonAssert.AreEquivalent(sample, written, Path.GetFileName(file) + " (a field the C# DTO lacks, or reads wrongly)");
        }

        private static void AssertNoUnrecognizedEvents(ServerFrame frame)
        {
            if (frame is EventFrame evt) Assert.That(evt.Event, Is.Not.InstanceOf<UnrecognizedEvent>(), "event type " + evt.Event.Type);
            if (frame is SnapshotFrame snapshot)
            {
                foreach (var e in snapshot.Events) Assert.That(e, Is.Not.InstanceOf<UnrecognizedEvent>(), "event type " + e.Type);
            }
        }
    }
}
