// Stubs of UnityEditor APIs used by AgentPanel.Editor (Unity 2022.3 signatures). Bodies throw: this assembly is only
// compiled against, never run. Add a member here only when the Editor layer starts using it, with its exact signature.
using System;
using System.Reflection;

namespace UnityEditor
{
    [AttributeUsage(AttributeTargets.Class)]
    public class InitializeOnLoadAttribute : Attribute
    {
    }

    public sealed class EditorApplication
    {
        public delegate void CallbackFunction();

        public static CallbackFunction update;

        public static event Action quitting;
    }

    public static class AssemblyReloadEvents
    {
        public delegate void AssemblyReloadCallback();

        public static event AssemblyReloadCallback beforeAssemblyReload;
    }

    public class SessionState
    {
        public static string GetString(string key, string defaultValue) => throw new NotImplementedException();
        public static void SetString(string key, string value) => throw new NotImplementedException();
        public static void EraseString(string key) => throw new NotImplementedException();
        public static bool GetBool(string key, bool defaultValue) => throw new NotImplementedException();
        public static void SetBool(string key, bool value) => throw new NotImplementedException();
    }

    public class EditorPrefs
    {
        public static string GetString(string key, string defaultValue) => throw new NotImplementedException();
    }
}

namespace UnityEditor.PackageManager
{
    public sealed class PackageInfo
    {
        public string resolvedPath => throw new NotImplementedException();

        public static PackageInfo FindForAssembly(Assembly assembly) => throw new NotImplementedException();
    }
}
