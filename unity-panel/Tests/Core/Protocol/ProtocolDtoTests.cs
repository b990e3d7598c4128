using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Protocol
{
    /// <summary>The DTOs tolerate what a newer sidecar may send and write commands exactly as the protocol says.</summary>
    public class ProtocolDtoTests
    {
        [Test]
        public void UnknownFieldsAreIgnoredAndUnknownEventTypesAreKept()
        {
            var frame = (EventFrame)ServerFrameParser.Parse("{\"kind\":\"event\",\"chatId\":\"c\",\"seq\":3,\"extra\":1,\"event\":{\"type\":\"hologram\",\"x\":[1,2]}}");
            Assert.That(frame.Seq, Is.EqualTo(3));
            var evt = (UnrecognizedEvent)frame.Event;
            Assert.That(evt.Type, Is.EqualTo("hologram"));
            Assert.That((int)evt.Json["x"][1], Is.EqualTo(2));
            var state = (StateEvent)PanelEventConverter.FromJObject(JObject.Parse("{\"type\":\"state\",\"state\":\"teleporting\",\"previous\":\"ready\",\"newField\":true}"), ProtocolJson.Serializer);
            Assert.That(state.State, Is.EqualTo("teleporting"), "an unknown state name is kept as text");
        }

        [Test]
        public void UnknownFrameKindsAreKeptAndBrokenFramesAreTypedErrors()
        {
            Assert.That(ServerFrameParser.Parse("{\"kind\":\"telemetry\"}"), Is.InstanceOf<UnrecognizedFrame>());
            var notJson = Assert.Throws<AgentPanelException>(() => ServerFrameParser.Parse("{nope"));
            Assert.That(notJson.Code, Is.EqualTo(ErrorCodes.BadFrame));
            Assert.That(Assert.Throws<AgentPanelException>(() => ServerFrameParser.Parse("[1]")).Code, Is.EqualTo(ErrorCodes.BadFrame));
            Assert.That(Assert.Throws<AgentPanelException>(() => ServerFrameParser.Parse("{\"seq\":1}")).Code, Is.EqualTo(ErrorCodes.BadFrame));
            var wrongShape = Assert.Throws<AgentPanelException>(() => ServerFrameParser.Parse("{\"kind\":\"event\",\"chatId\":\"c\",\"seq\":\"x\",\"event\":{\"type\":\"state\"}}"));
            Assert.That(wrongShape.Message, Does.Contain("update"));
        }

        [Test]
        public void DatesAndNumbersStayAsSent()
        {
            var frame = (EventFrame)ServerFrameParser.Parse("{\"kind\":\"event\",\"chatId\":\"c\",\"seq\":1,\"event\":{\"type\":\"notice\",\"level\":\"info\",\"code\":\"c\",\"message\":\"m\",\"data\":{\"at\":\"2025-01-01T00:00:00.000Z\",\"big\":12345678901234}}}");
            var evt = (NoticeEvent)frame.Event;
            Assert.That((long)evt.Data["big"], Is.EqualTo(12345678901234L));
            Assert.That(evt.Data["at"].Type, Is.EqualTo(JTokenType.String));
            Assert.That((string)evt.Data["at"], Is.EqualTo("2025-01-01T00:00:00.000Z"));
        }

        [Test]
        public void CommandsAreWrittenWithIdAndCmdFirstAndOnlyTheFieldsGiven()
        {
            var hello = new HelloCommand { Id = "1", ClientVersion = "0.1.0" };
            Assert.That(hello.ToJson(), Is.EqualTo("{\"id\":\"1\",\"cmd\":\"hello\",\"protocol\":1,\"client\":\"unity\",\"clientVersion\":\"0.1.0\",\"render\":[\"unity\"]}"));
            Assert.That(new SubscribeCommand("c1", null) { Id = "2" }.ToJson(), Is.EqualTo("{\"id\":\"2\",\"cmd\":\"subscribe\",\"chatId\":\"c1\"}"));
            Assert.That(new SetModelCommand("c1", null) { Id = "3" }.ToJson(), Is.EqualTo("{\"id\":\"3\",\"cmd\":\"chat.setModel\",\"chatId\":\"c1\",\"model\":null}"), "null model = back to the default");
            var raw = new RawCommand("history.load", new JObject { ["sessionId"] = "s" }) { Id = "4" };
            Assert.That(raw.ToJson(), Is.EqualTo("{\"id\":\"4\",\"cmd\":\"history.load\",\"sessionId\":\"s\"}"));
        }

        [Test]
        public void EveryPermissionAnswerVariantHasTheProtocolShape()
        {
            string Json(PermissionAnswer a) => JObject.FromObject(a, ProtocolJson.Serializer).ToString(Newtonsoft.Json.Formatting.None);
            Assert.That(Json(PermissionAnswer.Allow()), Is.EqualTo("{\"kind\":\"allow\"}"));
            Assert.That(Json(PermissionAnswer.AllowAlways(new[] { 0, 2 })), Is.EqualTo("{\"kind\":\"allow_always\",\"suggestions\":[0,2]}"));
            Assert.That(Json(PermissionAnswer.Deny("not now")), Is.EqualTo("{\"kind\":\"deny\",\"message\":\"not now\"}"));
            Assert.That(Json(PermissionAnswer.DenyAndStop()), Is.EqualTo("{\"kind\":\"deny_stop\"}"));
            var answers = new Dictionary<string, string> { { "Which Engine?", "URP" } };
            Assert.That(Json(PermissionAnswer.AnswerQuestions(answers)), Is.EqualTo("{\"kind\":\"answer_questions\",\"answers\":{\"Which Engine?\":\"URP\"}}"), "question keys keep their case");
            var send = new ChatSendCommand("c", "hi") { Id = "9", Attachments = new List<ContextAttachment> { ContextAttachment.FromText("Selection", "Player (GameObject)"), ContextAttachment.FromImage("shot", "image/png", new byte[] { 1, 2 }) } };
            Assert.That(send.ToJson(), Is.EqualTo("{\"id\":\"9\",\"cmd\":\"chat.send\",\"chatId\":\"c\",\"text\":\"hi\",\"attachments\":[{\"kind\":\"text\",\"label\":\"Selection\",\"text\":\"Player (GameObject)\"},{\"kind\":\"image\",\"label\":\"shot\",\"mediaType\":\"image/png\",\"base64\":\"AQI=\"}]}"));
        }
    }
}
