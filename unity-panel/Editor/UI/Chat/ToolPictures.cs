using System;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>Pictures a tool returned (PNG/JPEG, base64), shown in tool and permission cards; each texture is destroyed with its element.</summary>
    internal static class ToolPictures
    {
        /// <summary>Add the picture to <paramref name="parent"/>; an unreadable one becomes a short note instead.</summary>
        public static void Add(VisualElement parent, string mediaType, string base64)
        {
            if (mediaType != "image/png" && mediaType != "image/jpeg")
            {
                parent.Add(ChatUi.Label($"[{mediaType} image: not shown in the Editor; open the chat in the browser panel to see it]", "ap-meta"));
                return;
            }
            byte[] bytes;
            try
            {
                bytes = Convert.FromBase64String(base64 ?? "");
            }
            catch (FormatException)
            {
                parent.Add(ChatUi.Label("[image: the data is not valid base64]", "ap-meta"));
                return;
            }
            var texture = new Texture2D(2, 2) { hideFlags = HideFlags.HideAndDontSave };
            if (!texture.LoadImage(bytes))
            {
                UnityEngine.Object.DestroyImmediate(texture);
                parent.Add(ChatUi.Label("[image: Unity could not decode it]", "ap-meta"));
                return;
            }
            var picture = new Image { image = texture, scaleMode = ScaleMode.ScaleToFit, tooltip = $"{texture.width} × {texture.height}" };
            picture.AddToClassList("ap-tool-image");
            picture.style.maxHeight = 320;
            picture.RegisterCallback<DetachFromPanelEvent>(_ => UnityEngine.Object.DestroyImmediate(texture));
            parent.Add(picture);
        }
    }
}
