using System.Collections.Generic;

namespace AgentPanel.Core.Turns
{
    /// <summary>Whether compile errors after a turn go back to the agent by themselves, and if not, why.</summary>
    internal enum AutoFixDecision
    {
        /// <summary>Send the errors now.</summary>
        Send,
        /// <summary>The setting is off (the card's "Fix these errors" still works).</summary>
        Off,
        /// <summary>No errors to send.</summary>
        NoErrors,
        /// <summary><see cref="AutoFixGuard.MaxRounds"/> automatic rounds since the user's last own message.</summary>
        RoundLimit,
        /// <summary>The errors the last automatic round sent came back unchanged: the agent is not getting anywhere.</summary>
        SameErrorsAgain,
    }

    /// <summary>
    /// The loop guard of the automatic follow-up: at most <see cref="MaxRounds"/> automatic rounds per user message, none when
    /// the same error set comes back after a round, and all of it reset when the user sends a message of their own. A message
    /// the guard sent itself is recognised by its text when the sidecar echoes it (user_message), so it does not reset.
    /// </summary>
    internal sealed class AutoFixGuard
    {
        /// <summary>Automatic rounds allowed per user message.</summary>
        public const int MaxRounds = 3;

        private readonly Dictionary<string, ChatRounds> chats = new Dictionary<string, ChatRounds>();

        /// <summary>Automatic rounds sent in <paramref name="chatId"/> since the user's last own message.</summary>
        public int Rounds(string chatId) => chats.TryGetValue(chatId ?? "", out var c) ? c.Rounds : 0;

        /// <summary>A user_message arrived: the user's own resets the guard; the echo of an automatic round does not.</summary>
        public void UserMessage(string chatId, string text)
        {
            if (chatId == null) return;
            if (chats.TryGetValue(chatId, out var c) && c.Pending.Remove(text ?? "")) return;
            chats.Remove(chatId);
        }

        /// <summary>Whether to send the errors (by <paramref name="signature"/>, <see cref="CompileDigest.Signature"/>) to the chat now.</summary>
        public AutoFixDecision Decide(string chatId, string signature, bool enabled)
        {
            if (!enabled) return AutoFixDecision.Off;
            if (string.IsNullOrEmpty(signature)) return AutoFixDecision.NoErrors;
            if (!chats.TryGetValue(chatId ?? "", out var c)) return AutoFixDecision.Send;
            if (c.LastSignature == signature) return AutoFixDecision.SameErrorsAgain;
            return c.Rounds >= MaxRounds ? AutoFixDecision.RoundLimit : AutoFixDecision.Send;
        }

        /// <summary>An automatic round was sent with this text and error set.</summary>
        public void Sent(string chatId, string signature, string text)
        {
            if (!chats.TryGetValue(chatId, out var c)) chats[chatId] = c = new ChatRounds();
            c.Rounds++;
            c.LastSignature = signature;
            c.Pending.Add(text ?? "");
        }

        /// <summary>The chat is gone: forget it.</summary>
        public void Forget(string chatId)
        {
            if (chatId != null) chats.Remove(chatId);
        }

        /// <summary>One chat's automatic rounds since the user's last own message.</summary>
        private sealed class ChatRounds
        {
            public int Rounds;
            public string LastSignature;
            public readonly HashSet<string> Pending = new HashSet<string>();
        }
    }
}
