using System;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>Turns what a tool returned into an outcome: response objects by their meaning, anything else as JSON.</summary>
    internal static class ToolResults
    {
        /// <summary>Marks a tool that returned nothing (void or Task).</summary>
        public static readonly object NoValue = new object();

        /// <summary>The outcome for a returned value (never throws: an unserializable value is an error outcome).</summary>
        public static ToolOutcome From(object value)
        {
            switch (value)
            {
                case ToolOutcome outcome:
                    return outcome;
                case null:
                    return ToolOutcome.Text("null");
                case ErrorResponse error:
                    return ToolOutcome.Error(error.Code, string.IsNullOrEmpty(error.Message) ? "The tool reported an error without a message." : error.Message);
                case ImageResponse image:
                {
                    var outcome = new ToolOutcome { Ok = true };
                    outcome.Content.Add(ToolOutcomeContent.OfImage(image.Bytes, image.MimeType));
                    if (!string.IsNullOrEmpty(image.Message)) outcome.Content.Add(ToolOutcomeContent.OfText(image.Message));
                    return outcome;
                }
                case string text:
                    return ToolOutcome.Text(text);
            }
            if (ReferenceEquals(value, NoValue)) return ToolOutcome.Text("Done.");
            JToken json;
            try
            {
                json = value as JToken ?? JToken.FromObject(value, ToolJson.Serializer);
            }
            catch (Exception e)
            {
                var inner = e.GetBaseException();
                var why = e.Message.TrimEnd('.') + (inner != e ? " (" + inner.Message.TrimEnd('.') + ")" : "");
                return ToolOutcome.Error(ToolErrorCodes.ResultNotSerializable, $"The tool ran, but its result ({value.GetType().Name}) could not be written as JSON: {why}. Return plain data (strings, numbers, lists, classes with public members) instead.");
            }
            return ToolOutcome.Text(json.ToString(Formatting.None), json as JObject);
        }
    }
}
