using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>One piece of a tool's answer: text, or a base64 image.</summary>
    internal sealed class ToolOutcomeContent
    {
        public string Type;
        public string Text;
        public string Data;
        public string MimeType;

        public static ToolOutcomeContent OfText(string text) => new ToolOutcomeContent { Type = "text", Text = text };

        public static ToolOutcomeContent OfImage(byte[] bytes, string mimeType) => new ToolOutcomeContent { Type = "image", Data = System.Convert.ToBase64String(bytes), MimeType = mimeType };

        /// <summary>The content item as the sidecar's ToolContent JSON.</summary>
        public JObject ToJson() => Type == "image" ? new JObject { ["type"] = "image", ["data"] = Data, ["mimeType"] = MimeType } : new JObject { ["type"] = "text", ["text"] = Text ?? "" };
    }

    /// <summary>What a call answered (the sidecar's ToolResult): ok with content (and structured JSON), or a typed error.</summary>
    internal sealed class ToolOutcome
    {
        public bool Ok;
        public List<ToolOutcomeContent> Content = new List<ToolOutcomeContent>();
        /// <summary>The answer as a JSON object, when it is one.</summary>
        public JObject Structured;
        public string ErrorCode;
        public string ErrorMessage;

        /// <summary>A successful text answer.</summary>
        public static ToolOutcome Text(string text, JObject structured = null) => new ToolOutcome { Ok = true, Content = { ToolOutcomeContent.OfText(text) }, Structured = structured };

        /// <summary>A failed answer; the message says what to do.</summary>
        public static ToolOutcome Error(string code, string message) => new ToolOutcome { Ok = false, Content = { ToolOutcomeContent.OfText(message) }, ErrorCode = code, ErrorMessage = message };

        /// <summary>The whole outcome as the sidecar's ToolResult JSON ({ok, content, structured?, error?}).</summary>
        public JObject ToJson()
        {
            var content = new JArray();
            foreach (var c in Content) content.Add(c.ToJson());
            var json = new JObject { ["ok"] = Ok, ["content"] = content };
            if (Structured != null) json["structured"] = Structured;
            if (!Ok) json["error"] = new JObject { ["code"] = ErrorCode ?? ToolErrorCodes.ToolFailed, ["message"] = ErrorMessage ?? "" };
            return json;
        }
    }

    /// <summary>A failure a tool reports with its own code (not_found, unavailable…); the message says what to do.</summary>
    internal sealed class ToolException : System.Exception
    {
        public ToolException(string code, string message)
            : base(message)
        {
            Code = code;
        }

        public string Code { get; }
    }

    /// <summary>The stable error codes a Unity tool call can answer with.</summary>
    internal static class ToolErrorCodes
    {
        public const string InvalidParams = "invalid_params";
        public const string NotFound = "not_found";
        public const string ToolFailed = "tool_failed";
        public const string Cancelled = "cancelled";
        public const string ResultNotSerializable = "result_not_serializable";
    }
}
