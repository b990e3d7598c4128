using System.Collections.Generic;
using System.IO;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tests.Support;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Protocol
{
    /// <summary>The panel refuses what the sidecar would refuse by size, with the same numbers (docs/protocol/limits.json) and a message that says what to do.</summary>
    public class ProtocolLimitsTests
    {
        private static ContextAttachment Image(string label, int base64Chars)
        {
            var a = ContextAttachment.FromImage(label, "image/png", new byte[0]);
            a.Base64 = new string('A', base64Chars);
            return a;
        }

        [Test]
        public void TheNumbersAreTheSidecars()
        {
            var file = RepoPaths.Root == null ? null : Path.Combine(RepoPaths.Root, "docs", "protocol", "limits.json");
            if (file == null || !File.Exists(file)) Assert.Ignore("Not inside the Agent Panel repository: the limits live in docs/protocol/limits.json.");
            var limits = JObject.Parse(File.ReadAllText(file));
            Assert.That((long)limits["maxImageBase64Bytes"], Is.EqualTo(ProtocolLimits.MaxImageBase64Bytes));
            Assert.That((long)limits["maxPromptAttachmentBytes"], Is.EqualTo(ProtocolLimits.MaxPromptAttachmentBytes));
            Assert.That((long)limits["maxFrameBytes"], Is.EqualTo(ProtocolLimits.MaxFrameBytes));
        }

        [Test]
        public void AnImageOverFiveMegabytesAsBase64IsRefusedWithItsNameAndSizes()
        {
            ProtocolLimits.CheckAttachments(new List<ContextAttachment> { Image("Game view", ProtocolLimits.MaxImageBase64Bytes) });
            // A 6.5 MB picture: about 8.7 MB as base64.
            var photo = Image("Game view", (int)(6.5 * 1024 * 1024 * 4 / 3));
            var e = Assert.Throws<AgentPanelException>(() => ProtocolLimits.CheckAttachments(new List<ContextAttachment> { photo }));
            Assert.That(e.Code, Is.EqualTo("attachment_too_large"));
            Assert.That(e.Message, Does.Contain("\"Game view\" is 8.7 MB").And.Contain("the limit is 5 MB per image"));
        }

        [Test]
        public void APromptsAttachmentsTogetherMayNotPassTwentyMegabytes()
        {
            var four = new List<ContextAttachment>();
            for (var i = 0; i < 4; i++) four.Add(Image("shot " + i, ProtocolLimits.MaxImageBase64Bytes));
            ProtocolLimits.CheckAttachments(four);
            // Text counts in UTF-8 bytes: "é" is two.
            four.Add(ContextAttachment.FromText("log", "é"));
            var e = Assert.Throws<AgentPanelException>(() => ProtocolLimits.CheckAttachments(four));
            Assert.That(e.Code, Is.EqualTo("attachment_too_large"));
            Assert.That(e.Message, Does.Contain("the limit is 20 MB per prompt"));
            ProtocolLimits.CheckAttachments(null);
        }

        [Test]
        public void AFrameOverThirtyTwoMegabytesIsNotSent()
        {
            ProtocolLimits.CheckFrame(new string('x', ProtocolLimits.MaxFrameBytes / 3), "chat.send");
            ProtocolLimits.CheckFrame(new string('x', ProtocolLimits.MaxFrameBytes), "chat.send");
            var e = Assert.Throws<AgentPanelException>(() => ProtocolLimits.CheckFrame(new string('é', ProtocolLimits.MaxFrameBytes / 2 + 1), "chat.send"));
            Assert.That(e.Code, Is.EqualTo("frame_too_large"));
            Assert.That(e.Message, Does.Contain("up to 32 MB"));
        }
    }
}
