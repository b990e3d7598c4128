using System;
using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using AgentPanel.Editor.Integration;
using AgentPanel.Editor.UI.Chat;
using UnityEditor;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI
{
    /// <summary>
    /// The window's controller: builds the views into the window's root, follows the session's store and connection, keeps the
    /// selected chat, view, drafts, chips and scroll offsets across domain reloads, and renders everything from that state.
    /// </summary>
    internal sealed partial class PanelShell : IDisposable
    {
        public const string BaseTitle = "Agent Panel";
        private const string MemoryKey = "AgentPanel.Window";
        private const string ReloadingKey = "AgentPanel.Window.Reloading";

        private readonly VisualElement root;
        private readonly Action<string> setTitle;
        private readonly PanelPreferences settings = new PanelPreferences(new EditorPrefsSettingsStore());
        private readonly ComposerState composer = new ComposerState();
        private readonly AttentionTracker attention = new AttentionTracker();
        private readonly List<ContextChip> chips = new List<ContextChip>();
        private readonly Dictionary<string, float> scrollOffsets = new Dictionary<string, float>();
        private readonly ChatView chatView = new ChatView();
        private readonly PermissionBar permissionBar = new PermissionBar();
        private HeaderBar header;
        private ComposerBox composerBox;
        private StatusBar statusBar;
        private FirstRunView firstRun;
        private HistoryView history;
        private SettingsView settingsView;
        private McpConnectView mcpConnect;
        private CompileErrorBar compileBar;
        private VisualElement chatPane;
        private VisualElement historyPane;
        private VisualElement settingsPane;
        private VisualElement banner;
        private Label bannerText;
        private ChatStore store;
        private SidecarConnection connection;
        private string selectedChatId;
        private PanelView view = PanelView.Chat;
        private bool renderScheduled;
        // Set by Dispose: continuations of commands still in flight (the window was closed meanwhile) must not re-attach or redraw.
        private bool disposed;

        public PanelShell(VisualElement root, Action<string> setTitle)
        {
            this.root = root;
            this.setTitle = setTitle;
        }

        private ChatModel Selected => store?.Get(selectedChatId);
        private bool Connected => connection?.Status.State == ConnectionState.Connected;

        /// <summary>Build the UI, restore the window's memory and connect (starting the sidecar when needed).</summary>
        public void Start()
        {
            if (!Build())
            {
                // A layout is missing (a broken install): the window shows what to do and stays inert.
                disposed = true;
                return;
            }
            AgentPanelSession.Start();
            Attach(AgentPanelSession.Store, AgentPanelSession.Connection);
            Restore();
            // Baseline for the badge: what every followed chat already shows (restored after a reload) is not news.
            foreach (var chat in store.Chats) attention.Observe(chat);
            AssemblyReloadEvents.beforeAssemblyReload += BeforeReload;
            CompileErrorWatcher.Changed += compileBar.Render;
            TurnSession.Coordinator.Changed += chatView.Refresh;
            attention.Changed += () => setTitle(attention.Title(BaseTitle));
            root.schedule.Execute(Tick).Every(30000);
            Render();
            _ = EnsureSidecar();
        }

        /// <summary>Save the window's memory and stop listening (window closed or domain reload).</summary>
        public void Dispose()
        {
            if (disposed) return;
            disposed = true;
            SaveMemory();
            AssemblyReloadEvents.beforeAssemblyReload -= BeforeReload;
            CompileErrorWatcher.Changed -= compileBar.Render;
            TurnSession.Coordinator.Changed -= chatView.Refresh;
            history.Hide();
            Attach(null, null);
        }

        /// <summary>The window gained or lost the keyboard focus (the badge clears when it is seen).</summary>
        public void SetFocused(bool focused) => attention.SetFocused(focused);

        private bool Build()
        {
            // CreateGUI gets an empty root in Unity 2022.3; clearing keeps a second Build from cloning the layout twice.
            root.Clear();
            PanelAssets.AddStyles(root);
            root.AddToClassList("ap-window");
            if (!PanelAssets.Clone("AgentPanel", root)) return false;
            var complete = PanelAssets.Clone("Composer", root.Q<VisualElement>("composer-host"))
                & PanelAssets.Clone("FirstRun", root.Q<VisualElement>("first-run-host"))
                & PanelAssets.Clone("History", root.Q<VisualElement>("history-host"))
                & PanelAssets.Clone("Settings", root.Q<VisualElement>("settings-host"));
            if (!complete) return false;
            root.Q<VisualElement>("chat-host").Add(chatView);
            root.Q<VisualElement>("permission-host").Add(permissionBar);
            chatPane = root.Q<VisualElement>("chat-pane");
            historyPane = root.Q<VisualElement>("history-host");
            settingsPane = root.Q<VisualElement>("settings-host");
            banner = root.Q<VisualElement>("banner");
            bannerText = root.Q<Label>("banner-text");
            bannerText.enableRichText = false;
            root.Q<Button>("banner-close").clicked += () => PanelAssets.Show(banner, false);
            header = new HeaderBar(root);
            composerBox = new ComposerBox(root, composer);
            statusBar = new StatusBar(root);
            firstRun = new FirstRunView(root);
            history = new HistoryView(root, () => store);
            settingsView = new SettingsView(root, settings);
            mcpConnect = new McpConnectView(root);
            compileBar = new CompileErrorBar(root, AskToFix);
            Wire();
            return true;
        }

        private void Attach(ChatStore nextStore, SidecarConnection nextConnection)
        {
            if (store != null)
            {
                store.ChatChanged -= OnChatChanged;
                store.SummariesChanged -= Render;
            }
            if (connection != null) connection.StatusChanged -= OnConnectionStatus;
            store = nextStore;
            connection = nextConnection;
            if (store != null)
            {
                store.ChatChanged += OnChatChanged;
                store.SummariesChanged += Render;
            }
            if (connection != null) connection.StatusChanged += OnConnectionStatus;
        }

        private void OnChatChanged(ChatModel chat)
        {
            attention.Observe(chat);
            if (chat.ChatId != selectedChatId) return;
            chatView.Refresh();
            ScheduleRender();
        }

        /// <summary>Redraw the permission bar and the chrome once per frame at most (a streaming reply changes the chat per delta).</summary>
        private void ScheduleRender()
        {
            if (renderScheduled) return;
            renderScheduled = true;
            root.schedule.Execute(() =>
            {
                renderScheduled = false;
                if (disposed) return;
                permissionBar.Refresh();
                Render();
            });
        }

        private void OnConnectionStatus(ConnectionStatus status)
        {
            Render();
            if (status.State == ConnectionState.Connected && view == PanelView.History) history.Reconnected();
        }

        private void Tick()
        {
            if (view == PanelView.History) history.Render();
        }

        /// <summary>Render the chrome from the current state (the chat view renders itself on Refresh).</summary>
        private void Render()
        {
            if (store == null || disposed) return;
            var chat = Selected;
            var summary = store.Summaries.FirstOrDefault(s => s.ChatId == selectedChatId);
            composer.Update(chat, Connected);
            header.RenderTabs(HeaderModel.Tabs(store.Summaries, store.Chats, selectedChatId));
            var models = HeaderModel.Models(chat?.Status);
            var live = chat != null && chat.Lost == null && Connected;
            header.Render(view, models, HeaderModel.SelectedModel(models, chat?.Status), HeaderModel.Modes(settings.AllowBypassPermissions, chat?.Status.PermissionMode), chat?.Status.PermissionMode, live);
            statusBar.Render(StatusLine.For(chat, summary, connection?.Status.State ?? ConnectionState.Idle));
            var problem = FirstRunProblem();
            firstRun.Render(problem, problem.PathField == "node" ? settings.NodePath : settings.ClaudePath);
            PanelAssets.Show(chatPane, view == PanelView.Chat && !problem.Visible);
            PanelAssets.Show(historyPane, view == PanelView.History);
            PanelAssets.Show(settingsPane, view == PanelView.Settings);
            composerBox.Render(settings.SendKey);
            composerBox.RenderChips(chips, RemoveChip);
            compileBar.Render();
        }

        private void ShowBanner(string text, bool error)
        {
            bannerText.text = text;
            banner.EnableInClassList("ap-banner--error", error);
            PanelAssets.Show(banner, true);
        }

        private void Restore()
        {
            var memory = WindowMemory.Restore(SessionState.GetString(MemoryKey, ""));
            composer.RestoreDrafts(memory.Drafts);
            chips.AddRange(memory.Chips);
            foreach (var pair in memory.ScrollOffsets) scrollOffsets[pair.Key] = pair.Value;
            // Only a chat the store still follows (restored after the reload): following an unknown id from seq 0 would show an
            // empty chat stuck on "Connecting…" if it was closed meanwhile; the tabs offer every live chat anyway.
            if (memory.SelectedChatId != null && store?.Get(memory.SelectedChatId) != null) SelectChat(memory.SelectedChatId);
            SwitchView(memory.View);
            // Only after a recompile: entering or leaving Play Mode reloads the domain too, and that is no news to the user.
            var reconnected = ReloadCauseTracker.BannerAfter(AgentPanelSession.LastReload, AgentPanelSession.RestoredChats);
            if (SessionState.GetBool(ReloadingKey, false) && reconnected != null) ShowBanner(reconnected, false);
            SessionState.SetBool(ReloadingKey, false);
        }

        private void SaveMemory()
        {
            var memory = new WindowMemory { SelectedChatId = selectedChatId, View = view };
            foreach (var pair in composer.Drafts) memory.Drafts[pair.Key] = pair.Value;
            RememberScroll();
            foreach (var pair in scrollOffsets) memory.ScrollOffsets[pair.Key] = pair.Value;
            memory.Chips.AddRange(chips);
            SessionState.SetString(MemoryKey, memory.Save());
        }

        /// <summary>Keep the shown chat's scroll position; a chat following the bottom has none (it follows again when shown).</summary>
        private void RememberScroll()
        {
            if (selectedChatId == null) return;
            var saved = chatView.SavedScroll;
            if (saved.HasValue) scrollOffsets[selectedChatId] = saved.Value;
            else scrollOffsets.Remove(selectedChatId);
        }

        private void BeforeReload()
        {
            SaveMemory();
            SessionState.SetBool(ReloadingKey, true);
        }
    }
}
