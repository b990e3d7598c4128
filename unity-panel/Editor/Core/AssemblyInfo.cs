using System.Runtime.CompilerServices;

// Core types are internal by default; the Editor layer and the tests see them through these.
[assembly: InternalsVisibleTo("AgentPanel.Editor")]
[assembly: InternalsVisibleTo("AgentPanel.Core.Tests")]
[assembly: InternalsVisibleTo("AgentPanel.Editor.TestRunner")]
[assembly: InternalsVisibleTo("AgentPanel.Editor.Tests")]
[assembly: InternalsVisibleTo("AgentPanel.Bench")]
