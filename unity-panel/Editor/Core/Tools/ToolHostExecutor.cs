using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>
    /// Connects the tool host to the provider connection: the discovered tools as published catalog entries, and each
    /// tool.invoke run through the host with the call's deadline, its outcome as the protocol's ToolResult.
    /// </summary>
    internal sealed class ToolHostExecutor : IToolExecutor
    {
        private readonly Func<ToolHost> host;

        /// <summary>The host is read on every use, so a rebuilt catalog (after a reload or a refresh) is what gets published and run.</summary>
        public ToolHostExecutor(Func<ToolHost> host)
        {
            this.host = host ?? throw new ArgumentNullException(nameof(host));
        }

        public IList<PublishedTool> Catalog()
        {
            var current = host();
            return current == null ? new List<PublishedTool>() : current.Discovery.Tools.Select(ToPublished).ToList();
        }

        public async Task<ToolResult> ExecuteAsync(ToolCall call, CancellationToken cancellation)
        {
            var current = host();
            if (current == null) return ToolResult.Failure("unavailable", "Unity's tool host is not started yet; try again in a moment.");
            using (var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellation))
            {
                var left = call.Deadline - DateTimeOffset.UtcNow;
                // No deadline (0) means nobody set one; a passed one cancels before the tool starts.
                if (call.Deadline > DateTimeOffset.FromUnixTimeMilliseconds(0))
                {
                    if (left <= TimeSpan.Zero) deadline.Cancel();
                    else if (left < TimeSpan.FromDays(1)) deadline.CancelAfter(left);
                }
                var outcome = await current.ExecuteAsync(call.Tool, call.Arguments, call.DryRun, deadline.Token).ConfigureAwait(true);
                return ToResult(outcome);
            }
        }

        /// <summary>A descriptor as the protocol's catalog entry (the same JSON ToCatalogEntry writes).</summary>
        public static PublishedTool ToPublished(ToolDescriptor tool)
        {
            return new PublishedTool
            {
                Name = tool.Name,
                Description = tool.Description ?? "",
                InputSchema = (JObject)tool.InputSchema.DeepClone(),
                OutputSchema = (JObject)tool.OutputSchema?.DeepClone(),
                Annotations = new ToolAnnotations
                {
                    Idempotency = tool.Idempotency == Idempotency.Safe ? ToolAnnotations.Safe : ToolAnnotations.Unsafe,
                    MainThread = tool.MainThread,
                    Destructive = tool.Destructive,
                    UndoGroup = string.IsNullOrEmpty(tool.UndoGroup) ? null : tool.UndoGroup,
                    Examples = tool.Examples?.Select(e => new ToolExample { Description = (string)e["description"], Arguments = (JObject)e["arguments"] }).ToList(),
                    AlwaysLoad = tool.AlwaysLoad,
                    MaxResultSizeChars = tool.MaxResultSizeChars > 0 ? tool.MaxResultSizeChars : (int?)null,
                    Group = string.IsNullOrEmpty(tool.Group) ? null : tool.Group,
                },
            };
        }

        /// <summary>An outcome as the protocol's result.</summary>
        public static ToolResult ToResult(ToolOutcome outcome)
        {
            var result = new ToolResult { Ok = outcome.Ok, Structured = outcome.Structured };
            foreach (var c in outcome.Content) result.Content.Add(c.Type == "image" ? ToolContent.OfImage(c.Data, c.MimeType) : ToolContent.OfText(c.Text ?? ""));
            if (!outcome.Ok) result.Error = new ToolError { Code = outcome.ErrorCode ?? ToolErrorCodes.ToolFailed, Message = outcome.ErrorMessage ?? "" };
            return result;
        }
    }
}
