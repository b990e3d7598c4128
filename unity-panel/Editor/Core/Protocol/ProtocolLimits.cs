using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace AgentPanel.Core.Protocol
{
    /// <summary>
    /// The protocol's size limits (docs/protocol.md, "Size limits"; the same numbers as docs/protocol/limits.json, which a test
    /// compares). The panel refuses an oversize attachment or frame before sending it, with the message the sidecar would give.
    /// </summary>
    internal static class ProtocolLimits
    {
        private const int MiB = 1024 * 1024;

        /// <summary>Largest image attachment, counted as its base64 text.</summary>
        public const int MaxImageBase64Bytes = 5 * MiB;

        /// <summary>Largest total of one prompt's attachments: the images' base64 plus the text attachments (UTF-8).</summary>
        public const int MaxPromptAttachmentBytes = 20 * MiB;

        /// <summary>Largest text frame the sidecar takes.</summary>
        public const int MaxFrameBytes = 32 * MiB;

        /// <summary>The error code of an attachment over its limit (the sidecar's code).</summary>
        public const string AttachmentTooLarge = SidecarErrorCodes.AttachmentTooLarge;

        /// <summary>The error code of a frame over <see cref="MaxFrameBytes"/> (the sidecar's code).</summary>
        public const string FrameTooLarge = "frame_too_large";

        /// <summary>Throw <see cref="AgentPanelException"/> (attachment_too_large) if the attachments pass a limit; null or empty is fine.</summary>
        public static void CheckAttachments(IList<ContextAttachment> attachments)
        {
            if (attachments == null) return;
            long total = 0;
            foreach (var a in attachments)
            {
                if (a == null) continue;
                long bytes = a.Kind == "image" ? (a.Base64 ?? "").Length : Encoding.UTF8.GetByteCount(a.Text ?? "");
                if (a.Kind == "image" && bytes > MaxImageBase64Bytes)
                {
                    throw new AgentPanelException(AttachmentTooLarge, $"The image \"{a.Label}\" is {Mb(bytes)} as sent (base64); the limit is {Mb(MaxImageBase64Bytes)} per image. " +
                        $"Attach a smaller or more compressed image (about {Mb(MaxImageBase64Bytes * 3L / 4)} as a file).");
                }
                total += bytes;
            }
            if (total > MaxPromptAttachmentBytes)
            {
                throw new AgentPanelException(AttachmentTooLarge, $"The attachments of this prompt are {Mb(total)} together; the limit is {Mb(MaxPromptAttachmentBytes)} per prompt. " +
                    "Remove some, or send them with separate prompts.");
            }
        }

        /// <summary>Throw <see cref="AgentPanelException"/> (frame_too_large) if the JSON text of a command is over <see cref="MaxFrameBytes"/>.</summary>
        public static void CheckFrame(string json, string command)
        {
            // A char is at most 3 UTF-8 bytes: most frames need no byte count.
            if (json == null || (long)json.Length * 3 <= MaxFrameBytes) return;
            var bytes = Encoding.UTF8.GetByteCount(json);
            if (bytes <= MaxFrameBytes) return;
            throw new AgentPanelException(FrameTooLarge, $"The \"{command}\" command is {Mb(bytes)}; the sidecar takes frames up to {Mb(MaxFrameBytes)}, so it was not sent. Send less at once.");
        }

        /// <summary>"5 MB" for a byte count (MiB, one decimal when needed), as the sidecar writes it.</summary>
        public static string Mb(long bytes)
        {
            var mb = bytes / (double)MiB;
            return (mb == System.Math.Floor(mb) ? mb.ToString("0", CultureInfo.InvariantCulture) : mb.ToString("0.0", CultureInfo.InvariantCulture)) + " MB";
        }
    }
}
