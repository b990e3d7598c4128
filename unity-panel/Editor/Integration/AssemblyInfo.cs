using System.Runtime.CompilerServices;

// The EditMode tests of TestProject~ (Unity -batchmode -runTests) drive the tool host's internals on a real Editor.
[assembly: InternalsVisibleTo("AgentPanel.Editor.Tests")]
