using System.Collections.Generic;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Protocol
{
    /// <summary>turn_file_write, turn_files, files_reverted and chat.revertFiles read and write as the protocol says, tolerantly.</summary>
    public class TurnFileEventTests
    {
        private static PanelEvent Read(string json) => ((EventFrame)ServerFrameParser.Parse("{\"kind\":\"event\",\"chatId\":\"c\",\"seq\":1,\"event\":" + json + "}")).Event;

        [Test]
        public void TurnFileWriteReadsItsFieldsAndIgnoresUnknownOnes()
        {
            var e = (TurnFileWriteEvent)Read("{\"type\":\"turn_file_write\",\"turnId\":\"t1\",\"toolUseId\":\"tu\",\"tool\":\"Edit\",\"path\":\"/p/Assets/A.cs\",\"relPath\":\"Assets/A.cs\",\"assetPath\":\"Assets/A.cs\",\"future\":{\"x\":1}}");
            Assert.That(e.TurnId, Is.EqualTo("t1"));
            Assert.That(e.Tool, Is.EqualTo("Edit"));
            Assert.That(e.AssetPath, Is.EqualTo("Assets/A.cs"));
            var outside = (TurnFileWriteEvent)Read("{\"type\":\"turn_file_write\",\"turnId\":\"t1\",\"toolUseId\":\"tu\",\"tool\":\"Write\",\"path\":\"/p/README.md\"}");
            Assert.That(outside.AssetPath, Is.Null);
            Assert.That(outside.RelPath, Is.Null);
        }

        [Test]
        public void TurnFilesReadsChangesSizesAndDiffs()
        {
            var e = (TurnFilesEvent)Read("{\"type\":\"turn_files\",\"turnId\":\"t1\",\"files\":[" +
                "{\"path\":\"/p/Assets/A.cs\",\"assetPath\":\"Assets/A.cs\",\"change\":\"modified\",\"bytesBefore\":10,\"bytesAfter\":12,\"revertible\":true,\"diff\":\"@@ -1 +1 @@\\n-a\\n+b\"}," +
                "{\"path\":\"/p/New.txt\",\"change\":\"created\",\"bytesBefore\":null,\"bytesAfter\":3,\"revertible\":false}," +
                "{\"path\":\"/p/x\",\"change\":\"renamed-someday\",\"bytesBefore\":null,\"bytesAfter\":null,\"revertible\":true}]}");
            Assert.That(e.Files, Has.Count.EqualTo(3));
            Assert.That(e.Files[0].Change, Is.EqualTo(FileChangeKinds.Modified));
            Assert.That(e.Files[0].BytesAfter, Is.EqualTo(12));
            Assert.That(e.Files[0].Diff, Does.StartWith("@@"));
            Assert.That(e.Files[1].BytesBefore, Is.Null);
            Assert.That(e.Files[1].Revertible, Is.False);
            Assert.That(e.Files[2].Change, Is.EqualTo("renamed-someday"), "an unknown change kind is kept as text");
        }

        [Test]
        public void FilesRevertedReadsRestoredAndSkipped()
        {
            var e = (FilesRevertedEvent)Read("{\"type\":\"files_reverted\",\"turnId\":\"t1\",\"restored\":[\"/p/Assets/A.cs\"],\"skipped\":[{\"path\":\"/p/B.cs\",\"reason\":\"changed since\"}]}");
            Assert.That(e.Restored, Is.EqualTo(new[] { "/p/Assets/A.cs" }));
            Assert.That(e.Skipped[0].Reason, Is.EqualTo("changed since"));
        }

        [Test]
        public void RevertFilesWritesTheCommandWithOptionalFieldsOmitted()
        {
            var plain = JObject.Parse(new RevertFilesCommand("c1", "t1") { Id = "7" }.ToJson());
            Assert.That(plain.ToString(Newtonsoft.Json.Formatting.None), Is.EqualTo("{\"id\":\"7\",\"cmd\":\"chat.revertFiles\",\"chatId\":\"c1\",\"turnId\":\"t1\"}"));
            var forced = JObject.Parse(new RevertFilesCommand("c1", "t1") { Force = true, Paths = new List<string> { "/p/A.cs" } }.ToJson());
            Assert.That((bool)forced["force"], Is.True);
            Assert.That(forced["paths"][0].ToString(), Is.EqualTo("/p/A.cs"));
        }

        [Test]
        public void AnErrorFrameCarriesItsDataToTheCommandsException()
        {
            var frame = (ErrorFrame)ServerFrameParser.Parse("{\"kind\":\"error\",\"id\":\"3\",\"code\":\"files_changed_since\",\"message\":\"changed\",\"data\":{\"paths\":[\"/p/A.cs\"]}}");
            var pending = new PendingCommands();
            var task = pending.Add("3", "chat.revertFiles");
            Assert.That(pending.Error(frame), Is.True);
            var error = (SidecarCommandException)task.Exception.InnerException;
            Assert.That(error.Code, Is.EqualTo(ErrorCodes.FilesChangedSince));
            Assert.That(error.Details["paths"][0].ToString(), Is.EqualTo("/p/A.cs"));
        }

        [Test]
        public void TheStoreShowsTurnFilesAsACardAndMarksItReverted()
        {
            var chat = new ChatModel("c");
            chat.Apply(1, new TurnFileWriteEvent { TurnId = "t1", Path = "/p/Assets/A.cs", AssetPath = "Assets/A.cs" });
            Assert.That(chat.Cards, Is.Empty, "a write announcement is no card");
            chat.Apply(2, new TurnFilesEvent { TurnId = "t1", Files = new List<TurnFileChange> { new TurnFileChange { Path = "/p/Assets/A.cs", Change = "modified", Revertible = true } } });
            var card = (TurnFilesCard)chat.Cards[0];
            Assert.That(card.Files, Has.Count.EqualTo(1));
            var before = card.Revision;
            chat.Apply(3, new FilesRevertedEvent { TurnId = "t1", Restored = new List<string> { "/p/Assets/A.cs" } });
            Assert.That(card.Reverted.Restored, Is.EqualTo(new[] { "/p/Assets/A.cs" }));
            Assert.That(card.Revision, Is.GreaterThan(before));
        }
    }
}
