using System;
using System.IO;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Launch
{
    /// <summary>What a running sidecar writes about itself ({pid, port, token, version, startedAt, project}); read it to find the sidecar.</summary>
    internal sealed class SidecarDescriptor
    {
        public SidecarDescriptor(int pid, int port, string token, string version, string startedAt, string project)
        {
            Pid = pid;
            Port = port;
            Token = token;
            Version = version;
            StartedAt = startedAt;
            Project = project;
        }

        public int Pid { get; }
        public int Port { get; }
        public string Token { get; }
        public string Version { get; }
        public string StartedAt { get; }
        public string Project { get; }

        /// <summary>How to connect to this sidecar.</summary>
        public SidecarEndpoint Endpoint => new SidecarEndpoint(Port, Token, Pid);

        /// <summary>The descriptor at <paramref name="file"/>, or null when missing, unreadable or not a valid descriptor.</summary>
        public static SidecarDescriptor TryRead(string file)
        {
            string text;
            try
            {
                text = File.ReadAllText(file);
            }
            catch (Exception e) when (e is IOException || e is UnauthorizedAccessException || e is ArgumentException || e is NotSupportedException)
            {
                return null;
            }
            return TryParse(text);
        }

        /// <summary>Parse descriptor JSON with the sidecar's validation rules; null when invalid.</summary>
        public static SidecarDescriptor TryParse(string text)
        {
            JObject obj;
            try
            {
                obj = ProtocolJson.ParseObject(text);
            }
            catch (AgentPanelException)
            {
                return null;
            }
            var pid = Int(obj, "pid");
            var port = Int(obj, "port");
            var token = ProtocolJson.StringField(obj, "token");
            var version = ProtocolJson.StringField(obj, "version");
            var startedAt = ProtocolJson.StringField(obj, "startedAt");
            var project = ProtocolJson.StringField(obj, "project");
            if (pid == null || pid <= 0 || port == null || port < 1 || port > 65535) return null;
            if (string.IsNullOrEmpty(token) || version == null || startedAt == null || project == null) return null;
            return new SidecarDescriptor((int)pid, (int)port, token, version, startedAt, project);
        }

        private static long? Int(JObject obj, string name)
        {
            var token = obj[name];
            if (token == null) return null;
            if (token.Type == JTokenType.Integer) return (long)token;
            if (token.Type == JTokenType.Float)
            {
                var d = (double)token;
                return Math.Floor(d) == d && Math.Abs(d) < int.MaxValue ? (long?)d : null;
            }
            return null;
        }
    }
}
