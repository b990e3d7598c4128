using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.Store
{
    // The reducer: one event → cards and status. Same rules as the sidecar's compaction (bridge/compact.ts) so that a snapshot
    // and the live stream end equal: last state wins, init/subagent merge their defined fields, a final replaces its deltas,
    // items keep the place where their key first appeared.
    internal sealed partial class ChatModel
    {
        private void ApplyEvent(PanelEvent evt)
        {
            switch (evt)
            {
                case StateEvent state:
                    Status.State = state.State;
                    Status.StateReason = state.Reason;
                    break;
                case InitEvent init:
                    Status.Merge(init);
                    break;
                case UserMessageEvent user:
                    var userCard = Upsert(Root, "user:" + user.TurnId, () => new UserMessageCard(user.TurnId));
                    userCard.Text = user.Text;
                    // A prompt is queued only until its turn begins (turn_started, or its result).
                    userCard.Queued = user.Queued && !Status.OpenTurns.Contains(user.TurnId) && Root.Get<TurnResultCard>("result:" + user.TurnId) == null;
                    userCard.Attachments = user.Attachments;
                    userCard.Touch();
                    break;
                case TurnStartedEvent started:
                    if (!Status.OpenTurns.Contains(started.TurnId)) Status.OpenTurns.Add(started.TurnId);
                    var begun = Root.Get<UserMessageCard>("user:" + started.TurnId);
                    if (begun != null && begun.Queued)
                    {
                        begun.Queued = false;
                        begun.Touch();
                    }
                    break;
                case MessageStartEvent start:
                    var entry = Message(start.MessageId, start.TurnId, start.ParentToolUseId);
                    if (entry.Model == null) entry.Model = start.Model;
                    break;
                case MessageDeltaEvent delta:
                    if (Message(delta.MessageId, delta.TurnId, null).AppendDelta(delta)) messageHome[delta.MessageId].Invalidate();
                    break;
                case MessageFinalEvent final:
                    Message(final.MessageId, final.TurnId, final.ParentToolUseId).ApplyFinal(final);
                    messageHome[final.MessageId].Invalidate();
                    break;
                case ToolStartedEvent toolStarted:
                    ApplyToolStarted(toolStarted);
                    break;
                case ToolFinishedEvent toolFinished:
                    ApplyToolFinished(toolFinished);
                    break;
                case PermissionRequestedEvent request:
                    var asked = Upsert(Root, "perm:" + request.RequestId, () => new PermissionCard(request.RequestId));
                    asked.Request = request;
                    asked.Outcome = null;
                    asked.Detail = null;
                    asked.By = null;
                    Unfold(asked);
                    if (request.ToolUseId != null) permissionOfTool[request.ToolUseId] = asked;
                    asked.Touch();
                    if (!pending.Contains(asked)) pending.Add(asked);
                    break;
                case PermissionResolvedEvent resolved:
                    var answered = Upsert(Root, "perm:" + resolved.RequestId, () => new PermissionCard(resolved.RequestId) { Request = Placeholder(resolved) });
                    answered.Outcome = resolved.Outcome;
                    answered.Detail = resolved.Detail;
                    answered.By = resolved.By;
                    answered.Touch();
                    pending.Remove(answered);
                    var toolUseId = answered.Request?.ToolUseId;
                    if (toolUseId != null) Fold(answered, FindTool(toolUseId));
                    break;
                case SubagentEvent subagent:
                    ApplySubagent(subagent);
                    break;
                case NoticeEvent notice:
                    notices++;
                    var noticeCard = new NoticeCard("notice:" + notices) { Level = notice.Level, Code = notice.Code, Message = notice.Message, Data = notice.Data };
                    Root.Add(noticeCard.Key, noticeCard);
                    // A turn claude refused for want of a login ends with this notice (no turn_result).
                    if (notice.Code == NoticeCodes.NotLoggedIn && notice.Data?["turnId"]?.Type == Newtonsoft.Json.Linq.JTokenType.String) Status.OpenTurns.Remove((string)notice.Data["turnId"]);
                    break;
                case TurnResultEvent result:
                    Status.AddResult(result);
                    var resultCard = Upsert(Root, "result:" + result.TurnId, () => new TurnResultCard(result.TurnId));
                    resultCard.Result = result;
                    resultCard.Touch();
                    break;
                case TurnFilesEvent files:
                    var filesCard = Upsert(Root, "files:" + files.TurnId, () => new TurnFilesCard(files.TurnId));
                    filesCard.Files = files.Files ?? new System.Collections.Generic.List<TurnFileChange>();
                    filesCard.Touch();
                    break;
                case FilesRevertedEvent reverted:
                    var revertedCard = Root.Get<TurnFilesCard>("files:" + reverted.TurnId);
                    if (revertedCard == null) break;
                    revertedCard.Reverted = reverted;
                    revertedCard.Touch();
                    break;
                default:
                    // "unknown" engine events, turn_file_write (the Editor's refresh hold reads it, no card) and event types from a newer sidecar change nothing visible.
                    break;
            }
        }

        private void ApplyToolStarted(ToolStartedEvent e)
        {
            var transcript = TranscriptFor(e.ParentToolUseId);
            var tool = Upsert(transcript, "tool:" + e.ToolUseId, () => new ToolCard(e.ToolUseId));
            tool.TurnId = e.TurnId;
            tool.Name = e.Name;
            tool.Summary = e.Summary ?? "";
            tool.Input = e.Input;
            tool.ParentToolUseId = e.ParentToolUseId;
            if (e.Title != null) tool.Title = e.Title;
            FoldSettled(tool);
            TouchTool(transcript, tool);
        }

        private void ApplyToolFinished(ToolFinishedEvent e)
        {
            var transcript = TranscriptFor(e.ParentToolUseId);
            var tool = Upsert(transcript, "tool:" + e.ToolUseId, () => new ToolCard(e.ToolUseId) { TurnId = e.TurnId, Name = e.Name, ParentToolUseId = e.ParentToolUseId });
            tool.Status = e.IsError ? ToolStatus.Failed : ToolStatus.Succeeded;
            tool.Result = e.Result;
            tool.DurationMs = e.DurationMs;
            tool.Decision = e.Decision;
            tool.DecidedBy = e.DecidedBy;
            tool.Images = e.Images;
            FoldSettled(tool);
            TouchTool(transcript, tool);
        }

        private void ApplySubagent(SubagentEvent e)
        {
            var card = Upsert(Root, "task:" + e.TaskId, () => new SubagentCard(e.TaskId));
            if (e.ToolUseId != null && card.ToolUseId != e.ToolUseId)
            {
                card.ToolUseId = e.ToolUseId;
                subagentByTool[e.ToolUseId] = card;
                Root.Invalidate();
            }
            card.Status = e.Status ?? card.Status;
            card.Description = e.Description ?? card.Description;
            card.SubagentType = e.SubagentType ?? card.SubagentType;
            card.Background = e.Background ?? card.Background;
            card.Tokens = e.Tokens ?? card.Tokens;
            card.ToolUses = e.ToolUses ?? card.ToolUses;
            card.DurationMs = e.DurationMs ?? card.DurationMs;
            card.LastTool = e.LastTool ?? card.LastTool;
            card.Summary = e.Summary ?? card.Summary;
            card.Touch();
        }

        private MessageEntry Message(string messageId, string turnId, string parentToolUseId)
        {
            if (messages.TryGetValue(messageId, out var entry)) return entry;
            var home = TranscriptFor(parentToolUseId);
            entry = new MessageEntry(messageId, turnId);
            messages[messageId] = entry;
            messageHome[messageId] = home;
            home.Add("msg:" + messageId, entry);
            return entry;
        }

        private static T Upsert<T>(Transcript transcript, string key, System.Func<T> create) where T : Card
        {
            var existing = transcript.Get<T>(key);
            if (existing != null) return existing;
            var card = create();
            transcript.Add(key, card);
            return card;
        }

        private static void TouchTool(Transcript transcript, ToolCard tool)
        {
            tool.Touch();
            transcript.GroupOf(tool)?.Touch();
        }

        private static PermissionRequestedEvent Placeholder(PermissionResolvedEvent e)
        {
            // A resolution without its request cannot come from a correct sidecar; still show a card.
            return new PermissionRequestedEvent { TurnId = e.TurnId, RequestId = e.RequestId, ToolName = "tool", Summary = "" };
        }
    }
}
