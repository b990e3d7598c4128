using System;
using System.Security.Cryptography;
using System.Text;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Connection
{
    /// <summary>
    /// The client's side of the sidecar's WebSocket challenge (sidecar/src/bridge/ws-challenge.ts): the panel offers a
    /// fresh nonce instead of the token, checks the server's HMAC proof for that nonce and the port it dialled, and only
    /// then answers with its own proof. A program squatting on an old port never sees the token or a reusable proof.
    /// </summary>
    internal static class ChallengeProof
    {
        /// <summary>Subprotocol of panel protocol v1.</summary>
        public const string Protocol = "agent-panel.v1";

        /// <summary>Prefix of the subprotocol that carries the client's nonce.</summary>
        public const string NoncePrefix = "agent-panel.challenge.";

        /// <summary>A fresh random nonce (24 bytes, base64url).</summary>
        public static string NewNonce()
        {
            var bytes = new byte[24];
            using (var rng = RandomNumberGenerator.Create()) rng.GetBytes(bytes);
            return Base64Url(bytes);
        }

        /// <summary>The proof the sidecar must send for this exchange.</summary>
        public static string ServerProof(string token, int port, string clientNonce, string serverNonce)
        {
            return Hmac(token, "agent-panel server v1\n" + port + "\n" + clientNonce + "\n" + serverNonce);
        }

        /// <summary>The proof the client sends once the server proved itself.</summary>
        public static string ClientProof(string token, int port, string clientNonce, string serverNonce)
        {
            return Hmac(token, "agent-panel client v1\n" + port + "\n" + clientNonce + "\n" + serverNonce);
        }

        /// <summary>What the sidecar answers to GET /health?nonce=&lt;nonce&gt; (sidecar/src/bridge/ws-challenge.ts healthProof).</summary>
        public static string HealthProof(string token, int port, string nonce)
        {
            return Hmac(token, "agent-panel health v1\n" + port + "\n" + nonce);
        }

        /// <summary>Constant-time comparison of a received proof with the expected one.</summary>
        public static bool ProofMatches(string given, string expected)
        {
            return given != null && FixedTimeEquals(given, expected);
        }

        /// <summary>The auth frame answering <paramref name="challengeJson"/>, or null when the server did not prove it holds the token.</summary>
        public static string Answer(string challengeJson, string token, int port, string clientNonce)
        {
            JObject challenge;
            try
            {
                challenge = challengeJson == null ? null : JObject.Parse(challengeJson);
            }
            catch (Exception e) when (e is Newtonsoft.Json.JsonException)
            {
                return null;
            }
            if (challenge == null || (string)challenge["kind"] != "auth.challenge") return null;
            var serverNonce = challenge["serverNonce"]?.Type == JTokenType.String ? (string)challenge["serverNonce"] : null;
            var proof = challenge["proof"]?.Type == JTokenType.String ? (string)challenge["proof"] : null;
            if (serverNonce == null || proof == null) return null;
            if (!FixedTimeEquals(proof, ServerProof(token, port, clientNonce, serverNonce))) return null;
            return new JObject { ["cmd"] = "auth", ["proof"] = ClientProof(token, port, clientNonce, serverNonce) }.ToString(Newtonsoft.Json.Formatting.None);
        }

        private static string Hmac(string token, string text)
        {
            using (var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(token)))
            {
                return Base64Url(hmac.ComputeHash(Encoding.UTF8.GetBytes(text)));
            }
        }

        private static string Base64Url(byte[] bytes)
        {
            return Convert.ToBase64String(bytes).TrimEnd('=').Replace('+', '-').Replace('/', '_');
        }

        private static bool FixedTimeEquals(string a, string b)
        {
            if (a.Length != b.Length) return false;
            var diff = 0;
            for (var i = 0; i < a.Length; i++) diff |= a[i] ^ b[i];
            return diff == 0;
        }
    }
}
