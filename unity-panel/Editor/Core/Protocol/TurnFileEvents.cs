using System.Collections.Generic;

namespace AgentPanel.Core.Protocol
{
    /// <summary>claude is about to write a file (Write/Edit/MultiEdit/NotebookEdit); sent before the write lands, so the Editor can hold its auto refresh.</summary>
    internal sealed class TurnFileWriteEvent : PanelEvent
    {
        public TurnFileWriteEvent() : base(EventTypes.TurnFileWrite) { }
        public string TurnId { get; set; }
        public string ToolUseId { get; set; }
        public string Tool { get; set; }
        /// <summary>The absolute path as claude named it.</summary>
        public string Path { get; set; }
        public string RelPath { get; set; }
        /// <summary>Project-relative, forward slashes; set only under Assets/ or Packages/ (what Unity imports).</summary>
        public string AssetPath { get; set; }
    }

    /// <summary>What one turn did to the files it touched; sent once, right before that turn's turn_result.</summary>
    internal sealed class TurnFilesEvent : PanelEvent
    {
        public TurnFilesEvent() : base(EventTypes.TurnFiles) { }
        public string TurnId { get; set; }
        public List<TurnFileChange> Files { get; set; } = new List<TurnFileChange>();
    }

    /// <summary>One file of <see cref="TurnFilesEvent"/>.</summary>
    internal sealed class TurnFileChange
    {
        public string Path { get; set; }
        public string RelPath { get; set; }
        public string AssetPath { get; set; }
        /// <summary>created / modified / deleted / unchanged (<see cref="FileChangeKinds"/>); a newer sidecar may send others.</summary>
        public string Change { get; set; }
        public long? BytesBefore { get; set; }
        public long? BytesAfter { get; set; }
        /// <summary>Whether chat.revertFiles can restore it.</summary>
        public bool Revertible { get; set; }
        /// <summary>A unified diff, when the sidecar made one.</summary>
        public string Diff { get; set; }
    }

    /// <summary>The values of <see cref="TurnFileChange.Change"/>.</summary>
    internal static class FileChangeKinds
    {
        public const string Created = "created";
        public const string Modified = "modified";
        public const string Deleted = "deleted";
        public const string Unchanged = "unchanged";
    }

    /// <summary>A turn's files were put back (chat.revertFiles); skipped ones say why.</summary>
    internal sealed class FilesRevertedEvent : PanelEvent
    {
        public FilesRevertedEvent() : base(EventTypes.FilesReverted) { }
        public string TurnId { get; set; }
        public List<string> Restored { get; set; } = new List<string>();
        public List<SkippedFile> Skipped { get; set; } = new List<SkippedFile>();
    }

    /// <summary>A file chat.revertFiles did not restore, and why.</summary>
    internal sealed class SkippedFile
    {
        public string Path { get; set; }
        public string Reason { get; set; }
    }

    /// <summary>Put back the files one turn changed; without <see cref="Force"/> the sidecar refuses (files_changed_since) when they changed since.</summary>
    internal sealed class RevertFilesCommand : ChatCommand
    {
        public RevertFilesCommand(string chatId, string turnId) : base("chat.revertFiles", chatId)
        {
            TurnId = turnId;
        }

        public string TurnId { get; set; }
        /// <summary>Revert even files changed since the turn (after the user confirmed).</summary>
        public bool? Force { get; set; }
        /// <summary>Only these paths (null = all the turn's revertible files).</summary>
        public List<string> Paths { get; set; }
    }

    /// <summary>The answer of chat.revertFiles.</summary>
    internal sealed class RevertFilesResult
    {
        public List<string> Restored { get; set; } = new List<string>();
        public List<SkippedFile> Skipped { get; set; } = new List<SkippedFile>();
    }
}
