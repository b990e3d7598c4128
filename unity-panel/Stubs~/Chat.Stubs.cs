// Members of Unity APIs used by the chat view (Editor/UI/Chat), Unity 2022.3 signatures; compiled against, never run.
// The types are declared (partial) in UnityEngine.UIElements.cs / UnityEngine.cs / UnityEditor.cs; a member the shell also
// uses lives in one file only (whichever declared it first).
using System;

namespace UnityEngine.UIElements
{
    public abstract partial class CallbackEventHandler
    {
        public void RegisterCallback<TEventType>(EventCallback<TEventType> callback, TrickleDown useTrickleDown = TrickleDown.NoTrickleDown) where TEventType : EventBase<TEventType>, new() => throw new NotImplementedException();
    }

    public abstract partial class Focusable
    {
        public virtual void Focus() => throw new NotImplementedException();
    }

    public partial class VisualElement
    {
        public string tooltip { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public VisualElement parent => throw new NotImplementedException();
        public int childCount => throw new NotImplementedException();
        public virtual VisualElement contentContainer => throw new NotImplementedException();
        public IVisualElementScheduler schedule => throw new NotImplementedException();
        public void Add(VisualElement child) => throw new NotImplementedException();
        public void Insert(int index, VisualElement element) => throw new NotImplementedException();
        public void Clear() => throw new NotImplementedException();
        public void RemoveFromHierarchy() => throw new NotImplementedException();
        public VisualElement ElementAt(int index) => throw new NotImplementedException();
        public void AddToClassList(string className) => throw new NotImplementedException();
        public void EnableInClassList(string className, bool enable) => throw new NotImplementedException();
        public bool ClassListContains(string cls) => throw new NotImplementedException();
        public void SetEnabled(bool value) => throw new NotImplementedException();
        public UnityEngine.Rect layout => throw new NotImplementedException();
        public UnityEngine.Rect worldBound => throw new NotImplementedException();
        public int IndexOf(VisualElement element) => throw new NotImplementedException();
    }

    public partial interface IVisualElementScheduler
    {
        IVisualElementScheduledItem Execute(Action timerUpdateEvent);
    }

    public partial interface IVisualElementScheduledItem
    {
        IVisualElementScheduledItem StartingIn(long delayMs);
    }

    public interface ITextSelection
    {
        bool isSelectable { get; set; }
    }

    public partial class TextElement
    {
        public virtual string text { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public bool enableRichText { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public ITextSelection selection => throw new NotImplementedException();
    }

    public partial class Button
    {
        public event Action clicked { add => throw new NotImplementedException(); remove => throw new NotImplementedException(); }
    }

    public abstract partial class BaseField<TValueType>
    {
        public virtual TValueType value { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
    }

    public partial class Scroller : VisualElement
    {
        public float highValue { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public float value { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public event Action<float> valueChanged { add => throw new NotImplementedException(); remove => throw new NotImplementedException(); }
    }

    public partial class ScrollView
    {
        public Scroller verticalScroller => throw new NotImplementedException();
    }

    public abstract partial class EventBase
    {
        public IEventHandler target { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public void StopPropagation() => throw new NotImplementedException();
    }

    public abstract partial class KeyboardEventBase<T>
    {
        public KeyCode keyCode { get => throw new NotImplementedException(); protected set => throw new NotImplementedException(); }
        public bool ctrlKey => throw new NotImplementedException();
        public bool commandKey => throw new NotImplementedException();
        public bool altKey => throw new NotImplementedException();
    }
}

namespace UnityEngine.UIElements.Experimental
{
    public sealed partial class PointerDownLinkTagEvent : PointerEventBase<PointerDownLinkTagEvent>
    {
        public string linkID { get => throw new NotImplementedException(); private set => throw new NotImplementedException(); }
    }
}

namespace UnityEngine
{
    public partial struct Rect
    {
        public float height { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
    }

    public partial class GUIUtility
    {
        public static string systemCopyBuffer { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
    }

    public partial class Application
    {
        public static void OpenURL(string url) => throw new NotImplementedException();
    }
}

namespace UnityEditor
{
    public sealed partial class AssetDatabase
    {
        public static T LoadAssetAtPath<T>(string assetPath) where T : UnityEngine.Object => throw new NotImplementedException();
        public static bool OpenAsset(UnityEngine.Object target, int lineNumber) => throw new NotImplementedException();
    }

    public partial class EditorGUIUtility
    {
        public static void PingObject(UnityEngine.Object obj) => throw new NotImplementedException();
    }

    public sealed partial class GenericMenu
    {
        public delegate void MenuFunction();

        public void AddItem(UnityEngine.GUIContent content, bool on, MenuFunction func) => throw new NotImplementedException();
        public void DropDown(UnityEngine.Rect position) => throw new NotImplementedException();
    }
}
