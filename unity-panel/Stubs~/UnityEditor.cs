// Stubs of UnityEditor APIs used by AgentPanel.Editor (Unity 2022.3 signatures). Bodies throw: this assembly is only
// compiled against, never run. Add a member here only when the Editor layer starts using it, with its exact signature.
using System;
using System.Reflection;
using UnityEngine.UIElements;

namespace UnityEditor
{
    [AttributeUsage(AttributeTargets.Class)]
    public partial class InitializeOnLoadAttribute : Attribute
    {
    }

    public sealed partial class EditorApplication
    {
        public delegate void CallbackFunction();

        public static CallbackFunction update;

        public static event Action quitting;

        public static event Action<PlayModeStateChange> playModeStateChanged;
    }

    public enum PlayModeStateChange
    {
        EnteredEditMode,
        ExitingEditMode,
        EnteredPlayMode,
        ExitingPlayMode,
    }

    public static partial class AssemblyReloadEvents
    {
        public delegate void AssemblyReloadCallback();

        public static event AssemblyReloadCallback beforeAssemblyReload;
    }

    public partial class SessionState
    {
        public static string GetString(string key, string defaultValue) => throw new NotImplementedException();
        public static void SetString(string key, string value) => throw new NotImplementedException();
        public static void EraseString(string key) => throw new NotImplementedException();
        public static bool GetBool(string key, bool defaultValue) => throw new NotImplementedException();
        public static void SetBool(string key, bool value) => throw new NotImplementedException();
    }

    public partial class EditorPrefs
    {
        public static string GetString(string key, string defaultValue) => throw new NotImplementedException();
        public static void SetString(string key, string value) => throw new NotImplementedException();
        public static void DeleteKey(string key) => throw new NotImplementedException();
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed partial class MenuItem : Attribute
    {
        public MenuItem(string itemName) => throw new NotImplementedException();
    }

    public partial class EditorWindow : UnityEngine.ScriptableObject
    {
        public VisualElement rootVisualElement => throw new NotImplementedException();
        public UnityEngine.GUIContent titleContent { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public void Show() => throw new NotImplementedException();
        public bool hasFocus => throw new NotImplementedException();
        public static T GetWindow<T>() where T : EditorWindow => throw new NotImplementedException();
    }

    public sealed partial class AssetDatabase
    {
        public static string GetAssetPath(UnityEngine.Object assetObject) => throw new NotImplementedException();
    }

    public partial class EditorGUIUtility
    {
    }

    public partial class EditorUtility
    {
        public static void OpenWithDefaultApp(string fileName) => throw new NotImplementedException();
        public static bool DisplayDialog(string title, string message, string ok, string cancel) => throw new NotImplementedException();
    }

    public partial class Selection
    {
        public static UnityEngine.Object[] objects { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
    }

    public partial class DragAndDrop
    {
        public static UnityEngine.Object[] objectReferences { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public static DragAndDropVisualMode visualMode { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public static void AcceptDrag() => throw new NotImplementedException();
    }

    public enum DragAndDropVisualMode
    {
        None = 0,
        Copy = 1,
        Link = 2,
        Move = 16,
        Generic = 4,
        Rejected = 32,
    }

    public sealed partial class GenericMenu
    {
        public GenericMenu() => throw new NotImplementedException();
    }
}

namespace UnityEditor.Compilation
{
    public static partial class CompilationPipeline
    {
        public static event Action<object> compilationStarted;
        public static event Action<string, CompilerMessage[]> assemblyCompilationFinished;
    }

    public partial struct CompilerMessage
    {
        public string message;
        public string file;
        public int line;
        public CompilerMessageType type;
    }

    public enum CompilerMessageType
    {
        Error = 0,
        Warning = 1,
    }
}

namespace UnityEditor.PackageManager
{
    public sealed partial class PackageInfo
    {
        public string resolvedPath => throw new NotImplementedException();

        public static PackageInfo FindForAssembly(Assembly assembly) => throw new NotImplementedException();
    }
}
