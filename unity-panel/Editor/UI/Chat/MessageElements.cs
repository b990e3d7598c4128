using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>What the user sent, as a bubble with "queued · 2 attachments" under it.</summary>
    internal sealed class UserMessageElement : CardElement
    {
        public UserMessageElement(ChatContext context) : base(context, "ap-card-user") { }

        public override void Bind(Card card)
        {
            var user = (UserMessageCard)card;
            Clear();
            Add(ChatUi.Text(user.Text, "ap-user-bubble"));
            var meta = UserLine.Meta(user);
            if (meta.Length > 0) Add(ChatUi.Label(meta, "ap-meta"));
        }
    }

    /// <summary>Assistant text: plain while streaming (redrawn in batches), the sidecar's markdown blocks once final, with Copy of the raw markdown.</summary>
    internal sealed class AssistantTextElement : CardElement
    {
        private LongText streaming;

        public AssistantTextElement(ChatContext context) : base(context, "ap-card-assistant") { }

        public override void Bind(Card card)
        {
            var text = (AssistantTextCard)card;
            EnableInClassList("ap-streaming", !text.Final);
            if (!text.Final && streaming != null && streaming.Element.parent == this)
            {
                streaming.SetText(text.Text + " ▍");
                return;
            }
            Clear();
            streaming = null;
            if (!text.Final)
            {
                streaming = new LongText(text.Text + " ▍", "ap-md-p ap-md-plain", selectable: false);
                Add(streaming.Element);
                return;
            }
            Add(text.Blocks != null && text.Blocks.Count > 0 ? MarkdownBlocks.Build(text.Blocks) : ChatUi.Text(text.Text, "ap-md-p ap-md-plain"));
            if (text.Aborted) Add(ChatUi.Label("Interrupted", "ap-meta"));
            if (!string.IsNullOrEmpty(text.Error)) Add(ChatUi.Label(text.Error, "ap-meta ap-error"));
            var actions = ChatUi.Box("ap-card-actions");
            var raw = text.Text;
            actions.Add(ChatUi.CopyButton(() => raw));
            Add(actions);
        }
    }

    /// <summary>The model's thinking, collapsed.</summary>
    internal sealed class ThinkingElement : CardElement
    {
        private Expander expander;
        private Label title;
        private string text = "";

        public ThinkingElement(ChatContext context) : base(context, "ap-card-thinking") { }

        public override void Bind(Card card)
        {
            var thinking = (ThinkingCard)card;
            if (expander == null)
            {
                expander = new Expander(card.Key, Context.OpenKeys, "ap-thinking");
                title = ChatUi.Label("", "ap-thinking-title");
                expander.Header.Add(title);
                Add(expander);
            }
            title.text = thinking.Final ? "Thinking" : "Thinking…";
            text = thinking.Text;
            expander.SetBody(body => body.Add(ChatUi.Text(text, "ap-thinking-text")));
        }
    }

    /// <summary>A permission request as a record in the transcript (answered in the permission bar above the composer).</summary>
    internal sealed class PermissionRecordElement : CardElement
    {
        public PermissionRecordElement(ChatContext context) : base(context, "ap-card-permission") { }

        public override void Bind(Card card)
        {
            var prompt = PermissionPrompt.Of((PermissionCard)card);
            Clear();
            EnableInClassList("ap-pending", prompt.Pending);
            var head = ChatUi.Box("ap-row");
            head.Add(ChatUi.Label(prompt.Badge, "ap-badge"));
            head.Add(ChatUi.Label(prompt.Title, "ap-permission-title"));
            if (prompt.Summary.Length > 0) head.Add(ChatUi.Label(prompt.Summary, "ap-summary"));
            Add(head);
            var status = prompt.Pending
                ? (Context.ReadOnly ? "Not answered" : prompt.IsQuestion ? "Waiting for your answer below" : "Waiting for your answer below (Y allow · N deny)")
                : prompt.Outcome;
            Add(ChatUi.Label(status, "ap-meta"));
        }
    }

    /// <summary>A notice from the engine or the bridge shown in the transcript (retrying, compacted, resumed, …).</summary>
    internal sealed class NoticeElement : CardElement
    {
        public NoticeElement(ChatContext context) : base(context, "ap-card-notice") { }

        public override void Bind(Card card)
        {
            var view = NoticePresenter.Of((NoticeCard)card);
            Clear();
            AddToClassList("ap-level-" + view.Level);
            if (view.Details == null)
            {
                Add(ChatUi.Label(view.Text, "ap-notice-text"));
                return;
            }
            var expander = new Expander(card.Key, Context.OpenKeys, "ap-notice-expander");
            expander.Header.Add(ChatUi.Label(view.Text, "ap-notice-text"));
            var details = view.Details;
            expander.SetBody(body => body.Add(ChatUi.Text(details, "ap-notice-details")));
            Add(expander);
        }
    }

    /// <summary>The end of a turn: "Done · 3.2 s · 1.2k in · 340 out · $0.01", with the errors of a failed turn.</summary>
    internal sealed class TurnResultElement : CardElement
    {
        private readonly TurnExtras extras;
        private string turnId;

        public TurnResultElement(ChatContext context) : base(context, "ap-card-result")
        {
            extras = new TurnExtras(context);
        }

        /// <summary>The compile result and Undo state change without a card revision.</summary>
        public override void Tick() => extras.Show(turnId);

        public override void Bind(Card card)
        {
            var result = ((TurnResultCard)card).Result;
            Clear();
            turnId = ((TurnResultCard)card).TurnId;
            if (result == null) return;
            var line = TurnResultLine.Of(result);
            EnableInClassList("ap-result-failed", line.Outcome == TurnOutcome.Failed);
            EnableInClassList("ap-result-interrupted", line.Outcome == TurnOutcome.Interrupted);
            Add(ChatUi.Label(line.Text, "ap-result-text"));
            foreach (var error in line.Errors) Add(ChatUi.Text(error, "ap-error"));
            Add(extras);
            extras.Show(turnId);
        }
    }
}
