// Stubs of UnityEngine APIs used by AgentPanel.Editor (Unity 2022.3 signatures); compiled against, never run.
using System;

namespace UnityEngine
{
    public class Application
    {
        public static string dataPath => throw new NotImplementedException();
    }

    public class Debug
    {
        public static void Log(object message) => throw new NotImplementedException();
        public static void LogException(Exception exception) => throw new NotImplementedException();
    }
}
