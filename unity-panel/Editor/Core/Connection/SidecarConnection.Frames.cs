using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.Connection
{
    // Routing of received frames (on the receive thread): seq checks here, delivery through the Inbox.
    internal sealed partial class SidecarConnection
    {
        private void Handle(Session session, string text)
        {
            ServerFrame frame;
            try
            {
                frame = ServerFrameParser.Parse(text);
            }
            catch (AgentPanelException e)
            {
                Log("ignored a frame: " + e.Message);
                return;
            }
            switch (frame)
            {
                case EventFrame evt:
                    HandleEvent(session, evt);
                    break;
                case SnapshotFrame snapshot:
                    if (!book.AcceptSnapshot(snapshot.ChatId, snapshot.Seq)) return;
                    session.Resyncing.Remove(snapshot.ChatId);
                    Inbox.Post(() => SnapshotReceived?.Invoke(snapshot));
                    break;
                case AckFrame ack:
                    Inbox.Post(() => session.Pending.Ack(ack));
                    break;
                case ErrorFrame error:
                    Inbox.Post(() =>
                    {
                        if (!session.Pending.Error(error)) ServerError?.Invoke(error);
                    });
                    break;
                case ChatsFrame chats:
                    Inbox.Post(() => ChatsChanged?.Invoke(chats));
                    break;
                case HistoryChangedFrame history:
                    Inbox.Post(() => HistoryChanged?.Invoke(history));
                    break;
                case ToolInvokeFrame _:
                case ToolCancelFrame _:
                    ToolFrameArrived?.Invoke(frame);
                    Inbox.Post(() => ToolFrameReceived?.Invoke(frame));
                    break;
                default:
                    // welcome repeated, or a frame kind from a newer sidecar: nothing to do.
                    break;
            }
        }

        private void HandleEvent(Session session, EventFrame evt)
        {
            switch (book.Accept(evt.ChatId, evt.Seq, evt.Event))
            {
                case SeqVerdict.Next:
                    session.Resyncing.Remove(evt.ChatId);
                    Inbox.Post(() => EventReceived?.Invoke(evt));
                    break;
                case SeqVerdict.Repeated:
                    Inbox.Post(() => EventReceived?.Invoke(evt));
                    break;
                case SeqVerdict.Gap:
                    // Cannot happen with a correct sidecar; recover by asking again from what we have.
                    if (!session.Resyncing.Add(evt.ChatId)) return;
                    var last = book.LastSeq(evt.ChatId);
                    Log($"chat {evt.ChatId}: got seq {evt.Seq} after {last}; resubscribing");
                    Resubscribe(session, evt.ChatId, last);
                    break;
                default:
                    break;
            }
        }
    }
}
