using System;
using System.Reflection;
using UnityEngine;

namespace AgentPanel.Editor.UI
{
    /// <summary>
    /// Whether an input method is composing text (its Enter confirms the composition and must not send). UnityEngine.Input
    /// throws InvalidOperationException when the project uses only the Input System package; IMGUI's own text fields still get
    /// the composition then, from GUIUtility's internal compositionString (read by reflection, as no UI Toolkit API exposes it in
    /// Unity 2022.3). When neither can be read, composition is reported as false.
    /// </summary>
    internal static class ImeComposition
    {
        private static bool inputUnavailable;
        private static bool fallbackUnavailable;
        private static PropertyInfo fallback;

        public static bool Active
        {
            get
            {
                if (!inputUnavailable)
                {
                    try
                    {
                        return !string.IsNullOrEmpty(Input.compositionString);
                    }
                    catch (InvalidOperationException)
                    {
                        inputUnavailable = true;
                    }
                }
                return FromGuiUtility();
            }
        }

        private static bool FromGuiUtility()
        {
            if (fallbackUnavailable) return false;
            try
            {
                fallback = fallback ?? typeof(GUIUtility).GetProperty("compositionString", BindingFlags.Static | BindingFlags.NonPublic | BindingFlags.Public);
                if (fallback == null) throw new MissingMemberException("GUIUtility", "compositionString");
                return !string.IsNullOrEmpty(fallback.GetValue(null, null) as string);
            }
            catch (Exception e) when (e is MissingMemberException || e is TargetInvocationException || e is InvalidOperationException || e is MethodAccessException)
            {
                fallbackUnavailable = true;
                return false;
            }
        }
    }
}
