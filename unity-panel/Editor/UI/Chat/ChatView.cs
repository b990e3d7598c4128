using System.Collections.Generic;
using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>
    /// The transcript of one chat (live or read-only history): a scroll view of card elements appended and updated in batches
    /// (one redraw per card per <see cref="RefreshPlanner.IntervalMs"/>), kept at the bottom while the user has not scrolled up
    /// (then a "jump to latest" pill counts new cards), with old cards pruned behind "Show N earlier cards" and a banner for
    /// notices that need action (not logged in, chat failed or lost).
    /// </summary>
    internal sealed class ChatView : VisualElement
    {
        private readonly ChatContext context = new ChatContext();
        private readonly CardWindow window = new CardWindow();
        private readonly ScrollFollow follow = new ScrollFollow();
        private readonly ScrollView scroll;
        private readonly CardList list;
        private readonly Button earlier;
        private readonly Button pill;
        private readonly BannerElement banner;
        // A resumed chat's earlier conversation: read-only cards above the chat's own, paged with "Load older".
        private readonly ChatContext earlierContext = new ChatContext { ReadOnly = true };
        private readonly CardList earlierList;
        private readonly Button older;
        private HistoryPages earlierPages;
        private bool scheduled;

        public ChatView()
        {
            AddToClassList("ap-chat");
            // Clicking the transcript gives it the focus, so Y/N and Esc reach the window's key handler from there too.
            focusable = true;
            banner = new BannerElement(Retry);
            Add(banner);
            scroll = new ScrollView(ScrollViewMode.Vertical);
            scroll.AddToClassList("ap-chat-scroll");
            earlier = ChatUi.Button("", "ap-earlier", () =>
            {
                // Earlier cards go above what is read now: keep the distance from the bottom so the view does not jump.
                var fromBottom = DistanceFromBottom;
                window.ShowEarlier();
                Refresh();
                RestoreScroll(fromBottom, true);
            });
            list = new CardList(context);
            earlierList = new CardList(earlierContext);
            older = ChatUi.Button("Load older", "ap-load-older", () => LoadOlderWanted?.Invoke());
            scroll.Add(older);
            scroll.Add(earlierList);
            scroll.Add(earlier);
            scroll.Add(list);
            Add(scroll);
            pill = ChatUi.Button("", "ap-jump-pill", JumpToLatest);
            Add(pill);
            PanelAssets.Show(pill, false);
            PanelAssets.Show(earlier, false);
            PanelAssets.Show(older, false);
            scroll.verticalScroller.valueChanged += OnScrolled;
            scroll.contentContainer.RegisterCallback<GeometryChangedEvent>(_ => OnContentLaidOut());
        }

        /// <summary>What to save of the scroll position (across domain reloads and chat switches): null while following the bottom.</summary>
        public float? SavedScroll => follow.SavedOffset(scroll.verticalScroller.value);

        /// <summary>How far the view is from the bottom (kept by "Load older", which adds content above).</summary>
        public float DistanceFromBottom => System.Math.Max(0, scroll.verticalScroller.highValue - scroll.verticalScroller.value);

        /// <summary>
        /// Restore a saved position: null follows the bottom; an offset (or a distance from the bottom) is applied once the content is
        /// laid out, since before that the scroller clamps every value to 0.
        /// </summary>
        public void RestoreScroll(float? offset, bool fromBottom = false)
        {
            follow.BeginRestore(offset, fromBottom);
            if (!follow.PendingRestore.HasValue)
            {
                ScrollToBottom();
                UpdatePill();
                return;
            }
            UpdatePill();
            // Normally the content's GeometryChangedEvent applies it; this covers a layout that did not change size.
            schedule.Execute(ApplyRestore).StartingIn(150);
        }

        /// <summary>Whether the view follows the bottom as new cards arrive.</summary>
        public bool FollowingBottom => follow.Following;

        /// <summary>For a history transcript: called with a subagent's tool call id when its card is expanded before its transcript is loaded.</summary>
        public System.Action<string> NestedWanted
        {
            get => context.NestedWanted;
            set => context.NestedWanted = value;
        }

        /// <summary>"Load older" of a resumed chat's earlier conversation was clicked (the shell loads the page, then refreshes).</summary>
        public System.Action LoadOlderWanted { get; set; }

        /// <summary>Show a chat; store is null and readOnly true for a history transcript.</summary>
        public void Show(ChatStore store, ChatModel chat, bool readOnly)
        {
            var switched = !ReferenceEquals(chat, context.Chat);
            context.Store = store;
            context.Chat = chat;
            context.ReadOnly = readOnly || store == null;
            earlierPages = readOnly || store == null || chat == null ? null : store.EarlierOf(chat.ChatId);
            if (switched)
            {
                list.Reset();
                earlierList.Reset();
                window.Reset();
                context.OpenKeys.Clear();
                follow.JumpToLatest();
            }
            Draw();
        }

        /// <summary>The chat changed (called on every ChatStore.ChatChanged of this chat); batches internally.</summary>
        public void Refresh()
        {
            if (scheduled) return;
            scheduled = true;
            schedule.Execute(() =>
            {
                scheduled = false;
                Draw();
            });
        }

        /// <summary>Follow the bottom again (the pill, or the user sent a prompt).</summary>
        public void JumpToLatest()
        {
            follow.JumpToLatest();
            ScrollToBottom();
            UpdatePill();
        }

        private void Draw()
        {
            var chat = context.Chat;
            context.Awaiting.Clear();
            if (chat == null)
            {
                list.Reset();
                banner.Show(null, null, false);
                return;
            }
            foreach (var permission in chat.PendingPermissions())
            {
                if (permission.Request?.ToolUseId != null) context.Awaiting.Add(permission.Request.ToolUseId);
            }
            var hasEarlier = earlierPages != null && earlierPages.Pages > 0;
            earlierContext.Chat = earlierPages?.Chat;
            earlierList.Show(hasEarlier ? earlierPages.Chat.Cards : (IReadOnlyList<Card>)new Card[0]);
            PanelAssets.Show(older, hasEarlier && earlierPages.HasOlder);
            older.text = hasEarlier ? earlierPages.OlderLabel : "Load older";
            older.SetEnabled(!(earlierPages?.Loading ?? false));
            var cards = chat.Cards;
            var visible = window.Apply(cards);
            var emptyText = context.ReadOnly ? "This chat is empty." : hasEarlier ? null : "Ask Claude anything about your project. Enter sends, Shift+Enter adds a line.";
            var plan = list.Show(visible, emptyText);
            earlier.text = window.HiddenText ?? "";
            PanelAssets.Show(earlier, window.Hidden > 0);
            banner.Show(NoticePresenter.ActiveBanner(cards), chat.Lost, !context.ReadOnly);
            if (plan.Create.Count > 0 && follow.OnContentAdded(plan.Appended)) ScrollToBottom();
            UpdatePill();
            if (plan.RetryInMs >= 0) schedule.Execute(Refresh).StartingIn(plan.RetryInMs);
        }

        private void OnScrolled(float value)
        {
            follow.OnScrolled(value, scroll.verticalScroller.highValue);
            UpdatePill();
        }

        private void OnContentLaidOut()
        {
            if (follow.PendingRestore.HasValue) ApplyRestore();
            else if (follow.Following) ScrollToBottom();
        }

        private void ApplyRestore()
        {
            // Not laid out yet (or hidden, e.g. the History view is in front): wait for the content's next geometry change.
            var height = scroll.contentContainer.layout.height;
            if (float.IsNaN(height) || height <= 0) return;
            var offset = follow.TakeRestore(scroll.verticalScroller.highValue);
            if (!offset.HasValue) return;
            scroll.verticalScroller.value = offset.Value;
            UpdatePill();
        }

        private void ScrollToBottom()
        {
            scroll.verticalScroller.value = scroll.verticalScroller.highValue;
        }

        private void UpdatePill()
        {
            pill.text = follow.PillText;
            PanelAssets.Show(pill, follow.PillVisible && context.Chat != null);
        }

        private async void Retry()
        {
            var chat = context.Chat;
            var prompt = chat == null ? null : NoticePresenter.LastPrompt(chat.Cards);
            if (context.Store == null || prompt == null) return;
            try
            {
                await context.Store.SendAsync(chat.ChatId, prompt);
                JumpToLatest();
            }
            catch (AgentPanel.Core.AgentPanelException e)
            {
                banner.ShowError(e.Message);
            }
        }
    }
}
