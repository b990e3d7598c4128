using System;
using Newtonsoft.Json;

namespace AgentPanel.Core.Tools
{
    /// <summary>A successful answer: a message for the model and optional data (serialized to JSON).</summary>
    public sealed class SuccessResponse
    {
        /// <summary>Answer with a message and, optionally, data.</summary>
        public SuccessResponse(string message, object data = null)
        {
            Message = message;
            Data = data;
        }

        /// <summary>Always true (lets a reader of the JSON tell success from error).</summary>
        [JsonProperty("success")] public bool Success => true;

        /// <summary>What happened, in one sentence.</summary>
        [JsonProperty("message")] public string Message { get; }

        /// <summary>The result's data, if any.</summary>
        [JsonProperty("data", NullValueHandling = NullValueHandling.Ignore)] public object Data { get; }
    }

    /// <summary>A failed answer: the call is reported as an error with this message (say what went wrong and what to do).</summary>
    public sealed class ErrorResponse
    {
        /// <summary>Answer with an error message and an optional stable code (default "tool_failed").</summary>
        public ErrorResponse(string message, string code = null)
        {
            Message = message;
            Code = string.IsNullOrEmpty(code) ? "tool_failed" : code;
        }

        /// <summary>Always false.</summary>
        [JsonProperty("success")] public bool Success => false;

        /// <summary>What went wrong and what to do.</summary>
        [JsonProperty("error")] public string Message { get; }

        /// <summary>A stable code for programs (not_found, invalid_params, tool_failed, …).</summary>
        [JsonProperty("code")] public string Code { get; }
    }

    /// <summary>An answer carrying a picture (a screenshot, a preview) plus an optional caption.</summary>
    public sealed class ImageResponse
    {
        /// <summary>Answer with encoded image bytes (PNG by default).</summary>
        public ImageResponse(byte[] bytes, string mimeType = "image/png", string message = null)
        {
            Bytes = bytes ?? throw new ArgumentNullException(nameof(bytes));
            MimeType = string.IsNullOrEmpty(mimeType) ? "image/png" : mimeType;
            Message = message;
        }

        /// <summary>The encoded image.</summary>
        public byte[] Bytes { get; }

        /// <summary>Its media type (image/png, image/jpeg).</summary>
        public string MimeType { get; }

        /// <summary>A caption sent as text beside the image, if any.</summary>
        public string Message { get; }
    }
}
