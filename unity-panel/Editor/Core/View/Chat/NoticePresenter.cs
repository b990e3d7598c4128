using System.Collections.Generic;
using System.Globalization;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.View
{
    /// <summary>Where a notice is shown: a card in the transcript, or a banner over it until the chat recovers.</summary>
    internal enum NoticePlacement
    {
        Inline,
        Banner,
    }

    /// <summary>The button a notice offers.</summary>
    internal enum NoticeAction
    {
        None,
        /// <summary>Send the last prompt again (after logging in).</summary>
        Retry,
    }

    /// <summary>What one notice shows.</summary>
    internal sealed class NoticeView
    {
        public NoticePlacement Placement { get; set; }
        /// <summary>info / warning / error.</summary>
        public string Level { get; set; }
        public string Text { get; set; }
        /// <summary>More text behind an expander (the summary before compaction, the CLI's own words), or null.</summary>
        public string Details { get; set; }
        public NoticeAction Action { get; set; }
        /// <summary>The action button's label, or null.</summary>
        public string ActionLabel { get; set; }
    }

    /// <summary>
    /// Chat notices (from the engine and the bridge: sidecar/src/chat) mapped to what the window shows: not_logged_in (auth_required from older sidecars) and
    /// unknown errors become a banner (the login one with a Retry button), retries / compaction / crash-resume / silence become inline
    /// cards with the sidecar's wording. A banner goes away once a later turn ends well.
    /// </summary>
    internal static class NoticePresenter
    {
        /// <summary>The notice code of sidecars before not_logged_in (same meaning).</summary>
        public const string AuthRequired = "auth_required";
        private const string LoggedOutText = "Claude Code is not logged in. Run claude in a terminal and log in (type /login there), or set ANTHROPIC_API_KEY. Then press Retry.";
        public const string ApiRetry = "api_retry";
        public const string Compacted = "compacted";
        public const string Compacting = "compacting";
        public const string CompactSummary = "compact_summary";
        public const string ClaudeExited = SidecarErrorCodes.ClaudeExited;
        public const string Resumed = "resumed";
        public const string Silence = "silence";

        public static NoticeView Of(NoticeCard card)
        {
            var level = string.IsNullOrEmpty(card.Level) ? NoticeEvent.Info : card.Level;
            var message = card.Message ?? "";
            switch (card.Code)
            {
                case NoticeCodes.NotLoggedIn:
                    // The sidecar's wording (plain text with the steps); claude's own words behind the expander.
                    return new NoticeView
                    {
                        Placement = NoticePlacement.Banner,
                        Level = NoticeEvent.Error,
                        Text = message.Length > 0 ? message : LoggedOutText,
                        Details = card.Data?["detail"]?.Type == JTokenType.String ? (string)card.Data["detail"] : null,
                        Action = NoticeAction.Retry,
                        ActionLabel = "Retry",
                    };
                case AuthRequired:
                    return new NoticeView
                    {
                        Placement = NoticePlacement.Banner,
                        Level = NoticeEvent.Error,
                        Text = LoggedOutText,
                        Details = message,
                        Action = NoticeAction.Retry,
                        ActionLabel = "Retry",
                    };
                case ApiRetry:
                    var attempt = Long(card.Data, "attempt");
                    return Inline(NoticeEvent.Warning, attempt.HasValue && message.Length == 0 ? "Retrying (attempt " + attempt.Value + ")…" : message);
                case Compacted:
                    var pre = Long(card.Data, "preTokens");
                    var post = Long(card.Data, "postTokens");
                    var text = message.Length > 0 ? message : "Conversation compacted.";
                    if (pre.HasValue && post.HasValue) text += " " + ChatFormat.Tokens(pre.Value) + " → " + ChatFormat.Tokens(post.Value) + " tokens.";
                    return Inline(NoticeEvent.Info, text);
                case CompactSummary:
                    var summary = Inline(NoticeEvent.Info, message.Length > 0 ? message : "Summary of the conversation before it was compacted.");
                    summary.Details = card.Data?["text"]?.Type == JTokenType.String ? (string)card.Data["text"] : null;
                    return summary;
                case Resumed:
                    return Inline(NoticeEvent.Info, message.Length > 0 ? message : "Resumed the session after claude exited.");
                case Compacting:
                case ClaudeExited:
                case Silence:
                    return Inline(level, message);
                default:
                    // Bridge failures (chat_failed, resume_failed, …) end the chat: keep them in sight.
                    // A notice with neither message nor code (tolerant DTOs) still says something rather than an empty card or banner.
                    var fallback = message.Length > 0 ? message : !string.IsNullOrEmpty(card.Code) ? card.Code : level == NoticeEvent.Error ? "The chat reported an error without details; see the sidecar log." : "Notice without details.";
                    return level == NoticeEvent.Error ? new NoticeView { Placement = NoticePlacement.Banner, Level = level, Text = fallback } : Inline(level, fallback);
            }
        }

        /// <summary>The notice to show as the banner: the latest banner notice with no successful turn after it, or null.</summary>
        public static NoticeCard ActiveBanner(IReadOnlyList<Card> cards)
        {
            for (var i = cards.Count - 1; i >= 0; i--)
            {
                if (cards[i] is TurnResultCard result && result.Result != null && result.Result.Ok) return null;
                if (cards[i] is NoticeCard notice && Of(notice).Placement == NoticePlacement.Banner) return notice;
            }
            return null;
        }

        /// <summary>The text of the last prompt (what Retry sends again), or null.</summary>
        public static string LastPrompt(IReadOnlyList<Card> cards)
        {
            for (var i = cards.Count - 1; i >= 0; i--)
            {
                if (cards[i] is UserMessageCard user && !string.IsNullOrEmpty(user.Text)) return user.Text;
            }
            return null;
        }

        private static NoticeView Inline(string level, string text)
        {
            return new NoticeView { Placement = NoticePlacement.Inline, Level = level, Text = text };
        }

        private static long? Long(JObject data, string key)
        {
            var token = data?[key];
            if (token == null || (token.Type != JTokenType.Integer && token.Type != JTokenType.Float)) return null;
            return System.Convert.ToInt64((double)token, CultureInfo.InvariantCulture);
        }
    }
}
