using System.Collections.Generic;
using System.Threading.Tasks;
using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.Store
{
    // The commands the window sends. Each Task completes on the pump thread with the sidecar's answer or fails with a typed
    // error (SidecarCommandException with the sidecar's code, SidecarConnectionException when not connected).
    internal sealed partial class ChatStore
    {
        /// <summary>Open a new chat and follow it.</summary>
        public Task<ChatModel> OpenAsync(string model = null, string permissionMode = null, bool allowBypassPermissions = false)
        {
            return OpenAsync(new ChatLaunchOptions { Model = model, PermissionMode = permissionMode, AllowBypassPermissions = allowBypassPermissions });
        }

        /// <summary>Open a new chat with the panel's launch settings and follow it.</summary>
        public Task<ChatModel> OpenAsync(ChatLaunchOptions options)
        {
            return OpenWith(Command(options, null, false));
        }

        /// <summary>Resume a past session (from History) as a new live chat; with <paramref name="fork"/> it continues under a new session id.</summary>
        public Task<ChatModel> ResumeAsync(string sessionId, bool fork = false, string model = null)
        {
            return ResumeAsync(sessionId, fork, new ChatLaunchOptions { Model = model });
        }

        /// <summary>Resume a past session with the panel's launch settings.</summary>
        public Task<ChatModel> ResumeAsync(string sessionId, bool fork, ChatLaunchOptions options)
        {
            return OpenWith(Command(options, sessionId, fork));
        }

        private static ChatOpenCommand Command(ChatLaunchOptions options, string resume, bool fork)
        {
            options = options ?? new ChatLaunchOptions();
            return new ChatOpenCommand
            {
                Resume = resume,
                Fork = resume != null && fork ? (bool?)true : null,
                Model = Blank(options.Model),
                PermissionMode = Blank(options.PermissionMode),
                AllowBypassPermissions = options.AllowBypassPermissions ? (bool?)true : null,
                AllowedTools = options.AllowedTools == null || options.AllowedTools.Count == 0 ? null : new List<string>(options.AllowedTools),
                DisallowedTools = options.DisallowedTools == null || options.DisallowedTools.Count == 0 ? null : new List<string>(options.DisallowedTools),
                ClaudePath = Blank(options.ClaudePath),
                PreAllowReadOnlyTools = options.PreAllowReadOnlyTools ? null : (bool?)false,
            };
        }

        private static string Blank(string value) => string.IsNullOrWhiteSpace(value) ? null : value.Trim();

        /// <summary>Close a chat in the sidecar (ends its claude process) and stop following it.</summary>
        public async Task CloseAsync(string chatId)
        {
            await connection.SendAsync(new ChatCloseCommand(chatId)).ConfigureAwait(false);
            Unfollow(chatId);
        }

        /// <summary>Send a prompt; returns the turn id (the prompt is queued if a turn is running). Oversize attachments fail with attachment_too_large, unsent.</summary>
        public async Task<string> SendAsync(string chatId, string text, IList<ContextAttachment> attachments = null)
        {
            // Refused here, with the sidecar's numbers and words, before a byte is sent.
            ProtocolLimits.CheckAttachments(attachments);
            var send = new ChatSendCommand(chatId, text) { Attachments = attachments == null || attachments.Count == 0 ? null : new List<ContextAttachment>(attachments) };
            var result = await connection.SendAsync(send).ConfigureAwait(false);
            return ProtocolJson.StringField(result, "turnId");
        }

        /// <summary>Stop the running turn.</summary>
        public Task InterruptAsync(string chatId)
        {
            return connection.SendAsync(new ChatInterruptCommand(chatId));
        }

        /// <summary>Answer a permission card with any variant (see <see cref="PermissionAnswer"/>); a late second answer fails with already_answered.</summary>
        public Task AnswerPermissionAsync(string chatId, string requestId, PermissionAnswer answer)
        {
            return connection.SendAsync(new PermissionAnswerCommand(chatId, requestId, answer));
        }

        /// <summary>Allow once.</summary>
        public Task AllowAsync(string chatId, string requestId) => AnswerPermissionAsync(chatId, requestId, PermissionAnswer.Allow());

        /// <summary>Allow and remember the chosen suggested scopes (null = all).</summary>
        public Task AllowAlwaysAsync(string chatId, string requestId, IEnumerable<int> suggestions = null) => AnswerPermissionAsync(chatId, requestId, PermissionAnswer.AllowAlways(suggestions));

        /// <summary>Deny with a reason; the turn goes on.</summary>
        public Task DenyAsync(string chatId, string requestId, string reason) => AnswerPermissionAsync(chatId, requestId, PermissionAnswer.Deny(reason));

        /// <summary>Deny and stop the turn.</summary>
        public Task DenyAndStopAsync(string chatId, string requestId, string reason = null) => AnswerPermissionAsync(chatId, requestId, PermissionAnswer.DenyAndStop(reason));

        /// <summary>Answer an AskUserQuestion card.</summary>
        public Task AnswerQuestionsAsync(string chatId, string requestId, IDictionary<string, string> answers) => AnswerPermissionAsync(chatId, requestId, PermissionAnswer.AnswerQuestions(answers));

        /// <summary>Put back the files a turn changed; fails with files_changed_since (confirm, then force), turn_not_found or turn_running.</summary>
        public async Task<RevertFilesResult> RevertFilesAsync(string chatId, string turnId, bool force = false, IList<string> paths = null)
        {
            var command = new RevertFilesCommand(chatId, turnId) { Force = force ? (bool?)true : null, Paths = paths == null ? null : new List<string>(paths) };
            var result = await connection.SendAsync(command).ConfigureAwait(false);
            return result.ToObject<RevertFilesResult>(ProtocolJson.Serializer) ?? new RevertFilesResult();
        }

        /// <summary>Switch the model (null = default).</summary>
        public Task SetModelAsync(string chatId, string model)
        {
            return connection.SendAsync(new SetModelCommand(chatId, model));
        }

        /// <summary>Switch the permission mode.</summary>
        public Task SetPermissionModeAsync(string chatId, string mode)
        {
            return connection.SendAsync(new SetPermissionModeCommand(chatId, mode));
        }

        private async Task<ChatModel> OpenWith(ChatOpenCommand open)
        {
            var result = await connection.SendAsync(open).ConfigureAwait(false);
            var chatId = ProtocolJson.StringField(result, "chatId");
            if (chatId == null) throw new AgentPanelException(ErrorCodes.BadFrame, "The sidecar opened a chat but did not say its id; update the sidecar.");
            RememberEarlier(chatId, result);
            return Follow(chatId);
        }
    }
}
