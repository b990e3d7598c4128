using System;

namespace AgentPanel.Core
{
    /// <summary>Base of every error Core raises: a stable <see cref="Code"/> plus a message telling the user what to do.</summary>
    internal class AgentPanelException : Exception
    {
        public AgentPanelException(string code, string message, Exception inner = null)
            : base(message, inner)
        {
            Code = code;
        }

        /// <summary>Stable machine-readable code (see <see cref="ErrorCodes"/>).</summary>
        public string Code { get; }
    }

    /// <summary>A command the sidecar answered with an error frame (its code and message are the sidecar's).</summary>
    internal sealed class SidecarCommandException : AgentPanelException
    {
        public SidecarCommandException(string command, string code, string message, Newtonsoft.Json.Linq.JToken details = null)
            : base(code, message)
        {
            Command = command;
            Details = details;
        }

        /// <summary>The error frame's `data` (e.g. the paths of files_changed_since), or null.</summary>
        public Newtonsoft.Json.Linq.JToken Details { get; }

        /// <summary>The `cmd` that failed.</summary>
        public string Command { get; }
    }

    /// <summary>An error from the connection itself (refused, lost, timed out, closed).</summary>
    internal sealed class SidecarConnectionException : AgentPanelException
    {
        public SidecarConnectionException(string code, string message, Exception inner = null)
            : base(code, message, inner)
        {
        }
    }

    /// <summary>A problem finding, starting or reaching the sidecar process.</summary>
    internal sealed class SidecarLaunchException : AgentPanelException
    {
        public SidecarLaunchException(string code, string message, Exception inner = null)
            : base(code, message, inner)
        {
        }
    }
}
