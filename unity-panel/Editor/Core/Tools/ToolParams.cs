using System;
using System.Globalization;
using System.Linq;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>Typed, forgiving reads of a class tool's JSON arguments; keys match exactly first, then ignoring case and underscores.</summary>
    public sealed class ToolParams
    {
        private readonly JObject args;

        /// <summary>Wrap the arguments a <c>HandleCommand(JObject)</c> received (null reads as empty).</summary>
        public ToolParams(JObject parameters)
        {
            args = parameters ?? new JObject();
        }

        /// <summary>The raw arguments.</summary>
        public JObject Raw => args;

        /// <summary>True when the key is present and not null.</summary>
        public bool Has(string key) => Find(key) != null;

        /// <summary>A required text value: a failed result with a message naming the key when it is missing or empty.</summary>
        public ToolParamResult<string> GetRequired(string key)
        {
            var token = Find(key);
            if (token == null) return ToolParamResult<string>.Fail($"Missing required parameter '{key}'.");
            var text = token.Type == JTokenType.String ? (string)token : token.ToString(Newtonsoft.Json.Formatting.None);
            if (string.IsNullOrEmpty(text)) return ToolParamResult<string>.Fail($"Parameter '{key}' must not be empty.");
            return ToolParamResult<string>.Ok(text);
        }

        /// <summary>The value as text, or <paramref name="defaultValue"/> when missing.</summary>
        public string GetString(string key, string defaultValue = null)
        {
            var token = Find(key);
            if (token == null) return defaultValue;
            return token.Type == JTokenType.String ? (string)token : token.ToString(Newtonsoft.Json.Formatting.None);
        }

        /// <summary>The value as an integer (numbers and numeric text), or the default when missing or not a number.</summary>
        public int GetInt(string key, int defaultValue = 0)
        {
            var token = Find(key);
            if (token == null) return defaultValue;
            if (token.Type == JTokenType.Integer) return (int)(long)token;
            if (token.Type == JTokenType.Float) return (int)Math.Round((double)token);
            return int.TryParse(token.ToString(), NumberStyles.Integer, CultureInfo.InvariantCulture, out var n) ? n : defaultValue;
        }

        /// <summary>The value as a float (numbers and numeric text), or the default when missing or not a number.</summary>
        public float GetFloat(string key, float defaultValue = 0f)
        {
            var token = Find(key);
            if (token == null) return defaultValue;
            if (token.Type == JTokenType.Integer || token.Type == JTokenType.Float) return (float)(double)token;
            return float.TryParse(token.ToString(), NumberStyles.Float, CultureInfo.InvariantCulture, out var f) ? f : defaultValue;
        }

        /// <summary>The value as a bool (true/false, "true"/"false", 1/0), or the default when missing or unreadable.</summary>
        public bool GetBool(string key, bool defaultValue = false)
        {
            var token = Find(key);
            if (token == null) return defaultValue;
            if (token.Type == JTokenType.Boolean) return (bool)token;
            if (token.Type == JTokenType.Integer) return (long)token != 0;
            var text = token.ToString().Trim();
            if (string.Equals(text, "true", StringComparison.OrdinalIgnoreCase)) return true;
            if (string.Equals(text, "false", StringComparison.OrdinalIgnoreCase)) return false;
            return defaultValue;
        }

        /// <summary>The value as a string array (an array, or one text value as a one-item array), or null when missing.</summary>
        public string[] GetStringArray(string key)
        {
            var token = Find(key);
            if (token == null) return null;
            if (token is JArray array) return array.Select(t => t.Type == JTokenType.String ? (string)t : t.ToString(Newtonsoft.Json.Formatting.None)).ToArray();
            return new[] { GetString(key) };
        }

        private JToken Find(string key)
        {
            if (key == null) return null;
            var token = args[key] ?? FindLoosely(key);
            return token == null || token.Type == JTokenType.Null || token.Type == JTokenType.Undefined ? null : token;
        }

        private JToken FindLoosely(string key)
        {
            var wanted = Loose(key);
            foreach (var property in args.Properties())
            {
                if (Loose(property.Name) == wanted) return property.Value;
            }
            return null;
        }

        private static string Loose(string key) => key.Replace("_", "").Replace("-", "").ToLowerInvariant();
    }

    /// <summary>A value or the reason there is none (what <see cref="ToolParams.GetRequired"/> answers).</summary>
    public sealed class ToolParamResult<T>
    {
        private ToolParamResult(bool success, T value, string error)
        {
            IsSuccess = success;
            Value = value;
            ErrorMessage = error;
        }

        /// <summary>True when <see cref="Value"/> holds the value.</summary>
        public bool IsSuccess { get; }

        /// <summary>The value (default when failed).</summary>
        public T Value { get; }

        /// <summary>Why there is no value, ready to return in an <see cref="ErrorResponse"/>.</summary>
        public string ErrorMessage { get; }

        /// <summary>A successful result.</summary>
        public static ToolParamResult<T> Ok(T value) => new ToolParamResult<T>(true, value, null);

        /// <summary>A failed result with its message.</summary>
        public static ToolParamResult<T> Fail(string message) => new ToolParamResult<T>(false, default, message);
    }
}
