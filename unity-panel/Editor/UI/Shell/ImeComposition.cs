using System;
using UnityEngine;

namespace AgentPanel.Editor.UI
{
    /// <summary>
    /// Whether an input method is composing text (its Enter confirms the composition and must not send). UnityEngine.Input
    /// throws InvalidOperationException when the project uses only the Input System package; then composition is unknown and
    /// reported as false (no UI Toolkit API exposes it in Unity 2022.3).
    /// </summary>
    internal static class ImeComposition
    {
        private static bool unavailable;

        public static bool Active
        {
            get
            {
                if (unavailable) return false;
                try
                {
                    return !string.IsNullOrEmpty(Input.compositionString);
                }
                catch (InvalidOperationException)
                {
                    unavailable = true;
                    return false;
                }
            }
        }
    }
}
