// Stubs of the UI Toolkit types used by AgentPanel.Editor's window (Unity 2022.3 names, base classes and generic shapes);
// compiled against, never run. Types are partial so the chat view's own members can live in Chat.Stubs.cs. Declare a
// member only when the Editor layer uses it, with its exact Unity 2022.3 signature (a RepoCheck fails on unused ones).
using System;
using System.Collections.Generic;

namespace UnityEngine.UIElements
{
    // ---- element hierarchy ----

    public partial interface IEventHandler
    {
    }

    public abstract partial class CallbackEventHandler : IEventHandler
    {
    }

    public abstract partial class Focusable : CallbackEventHandler
    {
        public virtual bool focusable { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
    }

    public partial class VisualElement : Focusable
    {
        public VisualElement() => throw new NotImplementedException();
        public VisualElementStyleSheetSet styleSheets => throw new NotImplementedException();
        public void RemoveFromClassList(string className) => throw new NotImplementedException();
    }

    public partial interface IBindable
    {
    }

    public partial class BindableElement : VisualElement, IBindable
    {
        public BindableElement() => throw new NotImplementedException();
    }

    public partial interface INotifyValueChanged<T>
    {
    }

    public partial class TextElement : BindableElement, INotifyValueChanged<string>
    {
        public TextElement() => throw new NotImplementedException();
    }

    public partial class Label : TextElement
    {
        public Label() => throw new NotImplementedException();
        public Label(string text) => throw new NotImplementedException();
    }

    public partial class Button : TextElement
    {
        public Button() => throw new NotImplementedException();
        public Button(Action clickEvent) => throw new NotImplementedException();
    }

    public abstract partial class BaseField<TValueType> : BindableElement, INotifyValueChanged<TValueType>
    {
        public string label { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public virtual void SetValueWithoutNotify(TValueType newValue) => throw new NotImplementedException();
    }

    public abstract partial class TextInputBaseField<TValueType> : BaseField<TValueType>
    {
        public bool isReadOnly { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public int cursorIndex => throw new NotImplementedException();
        public int selectIndex => throw new NotImplementedException();
        public void SelectRange(int cursorIndex, int selectionIndex) => throw new NotImplementedException();
    }

    public partial class TextField : TextInputBaseField<string>
    {
        public TextField() => throw new NotImplementedException();
        public TextField(string label) => throw new NotImplementedException();
        public bool multiline { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
    }

    public abstract partial class BaseBoolField : BaseField<bool>
    {
    }

    public partial class Toggle : BaseBoolField
    {
        public Toggle() => throw new NotImplementedException();
        public Toggle(string label) => throw new NotImplementedException();
    }

    public abstract partial class BasePopupField<TValueType, TValueChoice> : BaseField<TValueType>
    {
        public virtual List<TValueChoice> choices { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
    }

    public partial class PopupField<T> : BasePopupField<T, T>
    {
        public PopupField() => throw new NotImplementedException();
        public PopupField(string label) => throw new NotImplementedException();
        public virtual int index { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
    }

    public partial class DropdownField : PopupField<string>
    {
        public DropdownField() => throw new NotImplementedException();
        public DropdownField(string label) => throw new NotImplementedException();
        public DropdownField(List<string> choices, int defaultIndex, Func<string, string> formatSelectedValueCallback = null, Func<string, string> formatListItemCallback = null) => throw new NotImplementedException();
    }

    public enum CollectionVirtualizationMethod
    {
        FixedHeight,
        DynamicHeight,
    }

    public enum SelectionType
    {
        None,
        Single,
        Multiple,
    }

    public abstract partial class BaseVerticalCollectionView : BindableElement
    {
        public System.Collections.IList itemsSource { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public Func<VisualElement> makeItem { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public Action<VisualElement, int> bindItem { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public SelectionType selectionType { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public CollectionVirtualizationMethod virtualizationMethod { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public void RefreshItems() => throw new NotImplementedException();
    }

    public abstract partial class BaseListView : BaseVerticalCollectionView
    {
    }

    public partial class ListView : BaseListView
    {
    }

    public partial class ScrollView : VisualElement
    {
        public ScrollView() => throw new NotImplementedException();
        public ScrollView(ScrollViewMode scrollViewMode) => throw new NotImplementedException();
    }

    public partial class Foldout : BindableElement, INotifyValueChanged<bool>
    {
        public Foldout() => throw new NotImplementedException();
    }

    public abstract partial class AbstractProgressBar : BindableElement, INotifyValueChanged<float>
    {
        public string title { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
        public virtual float value { get => throw new NotImplementedException(); set => throw new NotImplementedException(); }
    }

    public partial class ProgressBar : AbstractProgressBar
    {
        public ProgressBar() => throw new NotImplementedException();
    }

    public partial class Image : VisualElement
    {
        public Image() => throw new NotImplementedException();
    }

    public partial class TemplateContainer : BindableElement
    {
        public TemplateContainer() => throw new NotImplementedException();
    }

    public partial class VisualTreeAsset : ScriptableObject
    {
        public void CloneTree(VisualElement target) => throw new NotImplementedException();
    }

    public partial class StyleSheet : ScriptableObject
    {
    }

    public partial struct VisualElementStyleSheetSet
    {
        public void Add(StyleSheet styleSheet) => throw new NotImplementedException();
    }

    public static partial class UQueryExtensions
    {
        public static T Q<T>(this VisualElement e, string name = null, string className = null) where T : VisualElement => throw new NotImplementedException();
    }

    public static partial class INotifyValueChangedExtensions
    {
        public static bool RegisterValueChangedCallback<T>(this INotifyValueChanged<T> control, EventCallback<ChangeEvent<T>> callback) => throw new NotImplementedException();
    }

    public partial interface IStyle
    {
    }

    public partial interface IResolvedStyle
    {
    }

    public partial interface IPanel
    {
    }

    public enum DisplayStyle
    {
        Flex = 0,
        None = 1,
    }

    public partial struct StyleEnum<T> where T : struct, IConvertible
    {
    }

    public enum PickingMode
    {
        Position = 0,
        Ignore = 1,
    }

    public enum ScrollViewMode
    {
        Vertical = 0,
        Horizontal = 1,
        VerticalAndHorizontal = 2,
    }

    public enum ScrollerVisibility
    {
        Auto = 0,
        AlwaysVisible = 1,
        Hidden = 2,
    }

    public enum TrickleDown
    {
        NoTrickleDown = 0,
        TrickleDown = 1,
    }

    public partial interface IVisualElementScheduler
    {
    }

    public partial interface IVisualElementScheduledItem
    {
        IVisualElementScheduledItem Every(long intervalMs);
    }

    public partial class DropdownMenu
    {
    }

    // ---- events ----

    public delegate void EventCallback<in TEventType>(TEventType evt);

    public delegate void EventCallback<in TEventType, in TCallbackArgs>(TEventType evt, TCallbackArgs userArgs);

    public abstract partial class EventBase : IDisposable
    {
        void IDisposable.Dispose() => throw new NotImplementedException();
        public void StopImmediatePropagation() => throw new NotImplementedException();
        public void PreventDefault() => throw new NotImplementedException();
    }

    public abstract partial class EventBase<T> : EventBase where T : EventBase<T>, new()
    {
    }

    public partial interface IKeyboardEvent
    {
    }

    public abstract partial class KeyboardEventBase<T> : EventBase<T>, IKeyboardEvent where T : KeyboardEventBase<T>, new()
    {
        public char character { get => throw new NotImplementedException(); protected set => throw new NotImplementedException(); }
        public bool shiftKey => throw new NotImplementedException();
        public bool actionKey => throw new NotImplementedException();
    }

    public partial class KeyDownEvent : KeyboardEventBase<KeyDownEvent>
    {
    }

    public partial class KeyUpEvent : KeyboardEventBase<KeyUpEvent>
    {
    }

    public partial interface IFocusEvent
    {
    }

    public abstract partial class FocusEventBase<T> : EventBase<T>, IFocusEvent where T : FocusEventBase<T>, new()
    {
    }

    public partial class FocusInEvent : FocusEventBase<FocusInEvent>
    {
    }

    public partial class FocusOutEvent : FocusEventBase<FocusOutEvent>
    {
    }

    public partial class FocusEvent : FocusEventBase<FocusEvent>
    {
    }

    public partial class BlurEvent : FocusEventBase<BlurEvent>
    {
    }

    public partial interface IMouseEvent
    {
    }

    public abstract partial class MouseEventBase<T> : EventBase<T>, IMouseEvent where T : MouseEventBase<T>, new()
    {
    }

    public partial class MouseDownEvent : MouseEventBase<MouseDownEvent>
    {
    }

    public partial class MouseUpEvent : MouseEventBase<MouseUpEvent>
    {
    }

    public partial class ContextualMenuPopulateEvent : MouseEventBase<ContextualMenuPopulateEvent>
    {
    }

    public partial interface IDragAndDropEvent
    {
    }

    public abstract partial class DragAndDropEventBase<T> : MouseEventBase<T>, IDragAndDropEvent where T : DragAndDropEventBase<T>, new()
    {
    }

    public partial class DragEnterEvent : DragAndDropEventBase<DragEnterEvent>
    {
    }

    public partial class DragLeaveEvent : DragAndDropEventBase<DragLeaveEvent>
    {
    }

    public partial class DragUpdatedEvent : DragAndDropEventBase<DragUpdatedEvent>
    {
    }

    public partial class DragPerformEvent : DragAndDropEventBase<DragPerformEvent>
    {
    }

    public partial class DragExitedEvent : DragAndDropEventBase<DragExitedEvent>
    {
    }

    public partial interface IPointerEvent
    {
    }

    public abstract partial class PointerEventBase<T> : EventBase<T>, IPointerEvent where T : PointerEventBase<T>, new()
    {
    }

    public partial class PointerDownEvent : PointerEventBase<PointerDownEvent>
    {
    }

    public partial class PointerUpEvent : PointerEventBase<PointerUpEvent>
    {
    }

    public sealed partial class ClickEvent : PointerEventBase<ClickEvent>
    {
    }

    public partial interface IChangeEvent
    {
    }

    public partial class ChangeEvent<T> : EventBase<ChangeEvent<T>>, IChangeEvent
    {
        public T newValue { get => throw new NotImplementedException(); protected set => throw new NotImplementedException(); }
    }

    public partial class GeometryChangedEvent : EventBase<GeometryChangedEvent>
    {
    }

    public partial interface IPanelChangedEvent
    {
    }

    public abstract partial class PanelChangedEventBase<T> : EventBase<T>, IPanelChangedEvent where T : PanelChangedEventBase<T>, new()
    {
    }

    public partial class AttachToPanelEvent : PanelChangedEventBase<AttachToPanelEvent>
    {
    }

    public partial class DetachFromPanelEvent : PanelChangedEventBase<DetachFromPanelEvent>
    {
    }
}

namespace UnityEditor.UIElements
{
    using UnityEngine.UIElements;

    public partial class Toolbar : VisualElement
    {
        public Toolbar() => throw new NotImplementedException();
    }

    public partial class ToolbarButton : Button
    {
        public ToolbarButton() => throw new NotImplementedException();
        public ToolbarButton(Action clickEvent) => throw new NotImplementedException();
    }

    public partial class ToolbarToggle : Toggle
    {
        public ToolbarToggle() => throw new NotImplementedException();
    }

    public partial class ToolbarSpacer : VisualElement
    {
        public ToolbarSpacer() => throw new NotImplementedException();
    }
}
