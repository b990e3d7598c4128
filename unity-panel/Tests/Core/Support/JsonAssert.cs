using System.Linq;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Support
{
    /// <summary>Compares JSON trees after dropping null-valued properties (absent and null mean the same in the protocol).</summary>
    internal static class JsonAssert
    {
        public static void AreEquivalent(JToken expected, JToken actual, string context)
        {
            var e = WithoutNulls(expected);
            var a = WithoutNulls(actual);
            if (!JToken.DeepEquals(e, a))
            {
                Assert.Fail($"{context}: JSON differs.\nexpected: {e.ToString(Newtonsoft.Json.Formatting.None)}\nactual:   {a.ToString(Newtonsoft.Json.Formatting.None)}");
            }
        }

        public static JToken WithoutNulls(JToken token)
        {
            switch (token)
            {
                case JObject obj:
                    var copy = new JObject();
                    foreach (var p in obj.Properties().Where(p => p.Value.Type != JTokenType.Null)) copy[p.Name] = WithoutNulls(p.Value);
                    return copy;
                case JArray arr:
                    return new JArray(arr.Select(WithoutNulls));
                case JValue value when value.Type == JTokenType.Float && (double)value == System.Math.Floor((double)value) && System.Math.Abs((double)value) < 1e15:
                    return new JValue((long)(double)value);
                default:
                    return token.DeepClone();
            }
        }
    }
}
