using System;
using System.IO;

namespace AgentPanel.Core.Tests.Support
{
    /// <summary>A temporary Unity-like project for tests against the real sidecar, with XDG_DATA_HOME pointed inside it so descriptors stay there; Dispose restores the variable and deletes the folder.</summary>
    internal sealed class ProjectSandbox : IDisposable
    {
        private readonly string previousXdg;

        public ProjectSandbox(string prefix)
        {
            Root = Path.Combine(Path.GetTempPath(), prefix + Path.GetRandomFileName());
            Directory.CreateDirectory(Path.Combine(Root, "data"));
            Directory.CreateDirectory(Path.Combine(Root, "Game", "Assets"));
            Directory.CreateDirectory(Path.Combine(Root, "Game", "ProjectSettings"));
            previousXdg = Environment.GetEnvironmentVariable("XDG_DATA_HOME");
            // The sidecar inherits the variable, so its descriptor and token stay in this folder.
            Environment.SetEnvironmentVariable("XDG_DATA_HOME", Path.Combine(Root, "data"));
        }

        /// <summary>The temporary folder.</summary>
        public string Root { get; }

        /// <summary>The project inside it (Assets/ and ProjectSettings/).</summary>
        public string Project => Path.Combine(Root, "Game");

        public void Dispose()
        {
            Environment.SetEnvironmentVariable("XDG_DATA_HOME", previousXdg);
            try
            {
                Directory.Delete(Root, true);
            }
            catch (IOException)
            {
                // a sidecar log may still be open for a moment; the OS cleans the temp folder.
            }
        }
    }
}
