using System.Collections.Generic;
using AgentPanel.Core.Store;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>What card elements share within one chat view: the chat, which tools wait for approval, and which parts the user opened.</summary>
    internal sealed class ChatContext
    {
        public ChatStore Store { get; set; }
        public ChatModel Chat { get; set; }
        public bool ReadOnly { get; set; }
        /// <summary>Asks for the transcript of the subagent started by a tool call when its card is expanded and it is not loaded (history); null for live chats.</summary>
        public System.Action<string> NestedWanted { get; set; }
        /// <summary>Tool use ids that wait for a permission answer.</summary>
        public HashSet<string> Awaiting { get; } = new HashSet<string>();
        /// <summary>Keys of expanders the user opened (kept while the view shows this chat).</summary>
        public HashSet<string> OpenKeys { get; } = new HashSet<string>();
    }

    /// <summary>The element of one card; <see cref="Bind"/> redraws it from the card's current state.</summary>
    internal abstract class CardElement : VisualElement
    {
        protected CardElement(ChatContext context, string classes)
        {
            Context = context;
            AddToClassList("ap-card");
            ChatUi.AddClasses(this, classes);
        }

        protected ChatContext Context { get; }

        public abstract void Bind(Card card);

        /// <summary>Called on every refresh of the view while the element is shown (live parts that no card revision covers).</summary>
        public virtual void Tick()
        {
        }

        /// <summary>The element for a card.</summary>
        public static CardElement Create(Card card, ChatContext context)
        {
            switch (card)
            {
                case UserMessageCard _: return new UserMessageElement(context);
                case AssistantTextCard _: return new AssistantTextElement(context);
                case ThinkingCard _: return new ThinkingElement(context);
                case ToolCard _: return new ToolElement(context);
                case ToolGroupCard _: return new ToolGroupElement(context);
                case PermissionCard _: return new PermissionRecordElement(context);
                case SubagentCard _: return new SubagentElement(context);
                case NoticeCard _: return new NoticeElement(context);
                case TurnResultCard _: return new TurnResultElement(context);
                case TurnFilesCard _: return new TurnFilesElement(context);
                default: return new UnknownCardElement(context);
            }
        }

        /// <summary>A card kind this view does not know: nothing is shown.</summary>
        private sealed class UnknownCardElement : CardElement
        {
            public UnknownCardElement(ChatContext context) : base(context, "ap-card-unknown") { }

            public override void Bind(Card card)
            {
            }
        }
    }
}
