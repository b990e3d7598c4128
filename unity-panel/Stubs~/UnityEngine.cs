// Stubs of UnityEngine APIs used by AgentPanel.Editor (Unity 2022.3 signatures); compiled against, never run.
// Types are partial so the chat view's own members can live in Chat.Stubs.cs.
using System;

// Object defines == and != (Unity's "destroyed object equals null") without overriding Equals/GetHashCode here.
#pragma warning disable CS0660, CS0661

namespace UnityEngine
{
    public partial class Application
    {
        public static string dataPath => throw new NotImplementedException();
    }

    public partial class Debug
    {
        public static void Log(object message) => throw new NotImplementedException();
        public static void LogException(Exception exception) => throw new NotImplementedException();
    }

    public partial class Object
    {
        public string name { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public static bool operator ==(Object x, Object y) => throw new NotImplementedException();
        public static bool operator !=(Object x, Object y) => throw new NotImplementedException();
    }

    public partial class ScriptableObject : Object
    {
    }

    public partial class Component : Object
    {
    }

    public partial class Transform : Component
    {
        public Transform parent { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public int childCount => throw new NotImplementedException();
    }

    public sealed partial class GameObject : Object
    {
        public Transform transform => throw new NotImplementedException();
        public T[] GetComponents<T>() => throw new NotImplementedException();
    }

    public partial class Texture : Object
    {
    }

    public sealed partial class Texture2D : Texture
    {
    }

    public partial class GUIContent
    {
        public GUIContent() => throw new NotImplementedException();
        public GUIContent(string text) => throw new NotImplementedException();
        public string text { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
    }

    public partial class GUIUtility
    {
    }

    public partial class Input
    {
        public static string compositionString => throw new NotImplementedException();
    }

    [Flags]
    public enum EventModifiers
    {
        None = 0,
        Shift = 1,
        Control = 2,
        Alt = 4,
        Command = 8,
        Numeric = 16,
        CapsLock = 32,
        FunctionKey = 64,
    }

    public enum KeyCode
    {
        None = 0,
        Backspace = 8,
        Tab = 9,
        Return = 13,
        Escape = 27,
        Space = 32,
        Alpha0 = 48,
        Alpha1 = 49,
        Alpha2 = 50,
        Alpha3 = 51,
        Alpha4 = 52,
        Alpha5 = 53,
        Alpha6 = 54,
        Alpha7 = 55,
        Alpha8 = 56,
        Alpha9 = 57,
        A = 97,
        C = 99,
        N = 110,
        V = 118,
        Y = 121,
        Delete = 127,
        KeypadEnter = 271,
        UpArrow = 273,
        DownArrow = 274,
        RightArrow = 275,
        LeftArrow = 276,
        Home = 278,
        End = 279,
        PageUp = 280,
        PageDown = 281,
    }
}
