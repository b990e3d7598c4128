using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Protocol
{
    /// <summary>A tool as a provider publishes it (name, schemas, annotations).</summary>
    internal sealed class PublishedTool
    {
        public string Name { get; set; }
        public string Description { get; set; }
        public JObject InputSchema { get; set; }
        public JObject OutputSchema { get; set; }
        public ToolAnnotations Annotations { get; set; }
    }

    /// <summary>How a tool behaves; omitted fields take the sidecar's defaults (unsafe, not destructive, …).</summary>
    internal sealed class ToolAnnotations
    {
        public const string Safe = "safe";
        public const string Unsafe = "unsafe";

        public string Title { get; set; }
        /// <summary>"safe" (may run twice, retried after a reload) or "unsafe" (never runs twice).</summary>
        public string Idempotency { get; set; }
        public bool? MainThread { get; set; }
        public bool? Destructive { get; set; }
        public string UndoGroup { get; set; }
        public List<ToolExample> Examples { get; set; }
        public bool? AlwaysLoad { get; set; }
        public int? MaxResultSizeChars { get; set; }
        public string Group { get; set; }
    }

    /// <summary>One worked example of a tool's arguments.</summary>
    internal sealed class ToolExample
    {
        public string Description { get; set; }
        public JObject Arguments { get; set; } = new JObject();
    }

    /// <summary>A piece of a result: text (Text) or a base64 image (Data, MimeType).</summary>
    internal sealed class ToolContent
    {
        public const string TextType = "text";
        public const string ImageType = "image";

        public string Type { get; set; }
        public string Text { get; set; }
        public string Data { get; set; }
        public string MimeType { get; set; }

        /// <summary>A text piece.</summary>
        public static ToolContent OfText(string text)
        {
            return new ToolContent { Type = TextType, Text = text };
        }

        /// <summary>An image piece (base64 data).</summary>
        public static ToolContent OfImage(string base64, string mimeType)
        {
            return new ToolContent { Type = ImageType, Data = base64, MimeType = mimeType };
        }
    }

    /// <summary>A typed failure: a stable code and a message that says what to do.</summary>
    internal sealed class ToolError
    {
        public string Code { get; set; }
        public string Message { get; set; }
    }

    /// <summary>What a call answers.</summary>
    internal sealed class ToolResult
    {
        public bool Ok { get; set; }
        public List<ToolContent> Content { get; set; } = new List<ToolContent>();
        public JObject Structured { get; set; }
        public ToolError Error { get; set; }

        /// <summary>A successful text result.</summary>
        public static ToolResult Text(string text)
        {
            return new ToolResult { Ok = true, Content = new List<ToolContent> { ToolContent.OfText(text) } };
        }

        /// <summary>A failed result whose message is also its text content.</summary>
        public static ToolResult Failure(string code, string message)
        {
            return new ToolResult { Ok = false, Content = new List<ToolContent> { ToolContent.OfText(message) }, Error = new ToolError { Code = code, Message = message } };
        }
    }

    /// <summary>What became of one call received before the connection dropped (tools.journal).</summary>
    internal sealed class JournalEntry
    {
        public const string Finished = "finished";
        public const string NotStarted = "not_started";
        public const string Interrupted = "interrupted";

        public string CallId { get; set; }
        public string Outcome { get; set; }
        /// <summary>The answer, for Outcome = finished.</summary>
        public ToolResult Result { get; set; }
    }
}
