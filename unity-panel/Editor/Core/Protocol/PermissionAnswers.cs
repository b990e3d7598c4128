using System.Collections.Generic;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Protocol
{
    /// <summary>The user's answer to a permission card; build one with the static factories (every variant of inputs.ts).</summary>
    internal sealed class PermissionAnswer
    {
        [JsonConstructor]
        private PermissionAnswer(string kind)
        {
            Kind = kind;
        }

        public string Kind { get; }
        public JObject UpdatedInput { get; set; }
        /// <summary>allow_always: indexes into the request's suggestions (null = all of them).</summary>
        public List<int> Suggestions { get; set; }
        /// <summary>deny (required) / deny_stop (optional): the reason given to the agent.</summary>
        [JsonProperty(NullValueHandling = NullValueHandling.Ignore)]
        public string Message { get; set; }
        /// <summary>answer_questions: question → chosen answer.</summary>
        public Dictionary<string, string> Answers { get; set; }

        /// <summary>Allow once (optionally with edited input).</summary>
        public static PermissionAnswer Allow(JObject updatedInput = null)
        {
            return new PermissionAnswer("allow") { UpdatedInput = updatedInput };
        }

        /// <summary>Allow and remember: the chosen suggestion indexes (null = all suggestions).</summary>
        public static PermissionAnswer AllowAlways(IEnumerable<int> suggestions = null, JObject updatedInput = null)
        {
            return new PermissionAnswer("allow_always") { Suggestions = suggestions == null ? null : new List<int>(suggestions), UpdatedInput = updatedInput };
        }

        /// <summary>Deny with a reason the agent sees; the turn goes on.</summary>
        public static PermissionAnswer Deny(string message)
        {
            return new PermissionAnswer("deny") { Message = message ?? "" };
        }

        /// <summary>Deny and stop the turn.</summary>
        public static PermissionAnswer DenyAndStop(string message = null)
        {
            return new PermissionAnswer("deny_stop") { Message = message };
        }

        /// <summary>Answers to an AskUserQuestion card (question text → answer).</summary>
        public static PermissionAnswer AnswerQuestions(IDictionary<string, string> answers)
        {
            return new PermissionAnswer("answer_questions") { Answers = new Dictionary<string, string>(answers) };
        }
    }

    /// <summary>Context attached to a prompt: a labelled text (selection summary, console errors) or an image.</summary>
    internal sealed class ContextAttachment
    {
        [JsonConstructor]
        private ContextAttachment(string kind, string label)
        {
            Kind = kind;
            Label = label;
        }

        public string Kind { get; }
        public string Label { get; }
        public string Text { get; set; }
        public string MediaType { get; set; }
        public string Base64 { get; set; }

        /// <summary>A text attachment.</summary>
        public static ContextAttachment FromText(string label, string text)
        {
            return new ContextAttachment("text", label) { Text = text };
        }

        /// <summary>An image attachment (image/png, image/jpeg, image/gif or image/webp).</summary>
        public static ContextAttachment FromImage(string label, string mediaType, byte[] data)
        {
            return new ContextAttachment("image", label) { MediaType = mediaType, Base64 = System.Convert.ToBase64String(data) };
        }
    }
}
