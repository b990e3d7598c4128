using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace AgentPanel.Core.Launch
{
    /// <summary>How the runtime splits ProcessStartInfo.Arguments back into argv.</summary>
    internal enum ArgumentRules
    {
        /// <summary>CommandLineToArgvW rules: Windows (any runtime) and .NET on macOS/Linux.</summary>
        Windows,
        /// <summary>POSIX shell word rules (g_shell_parse_argv, no expansion): Mono (so the Unity Editor) on macOS/Linux.</summary>
        PosixShell,
    }

    /// <summary>
    /// Quotes arguments for ProcessStartInfo.Arguments so the child reads them back unchanged. The rules depend on the runtime,
    /// not only the OS: Mono on macOS/Linux splits the string like a shell (a lone ' in "Bob'sGame" makes Process.Start throw),
    /// .NET uses the Windows rules everywhere; ProcessStartInfo.ArgumentList would avoid quoting but net48/Mono lack it.
    /// </summary>
    internal static class ArgumentQuoting
    {
        private const string ShellSafe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=@%+,";

        /// <summary>The rules of the runtime this code runs on.</summary>
        public static ArgumentRules Current => RulesFor(Environment.OSVersion.Platform == PlatformID.Win32NT, Type.GetType("Mono.Runtime") != null);

        /// <summary>Which rules apply on this OS and runtime.</summary>
        public static ArgumentRules RulesFor(bool windows, bool mono)
        {
            return !windows && mono ? ArgumentRules.PosixShell : ArgumentRules.Windows;
        }

        /// <summary>The arguments as one ProcessStartInfo.Arguments string for <paramref name="rules"/>.</summary>
        public static string Join(IEnumerable<string> arguments, ArgumentRules rules)
        {
            return string.Join(" ", arguments.Select(a => rules == ArgumentRules.PosixShell ? Shell(a) : Windows(a)));
        }

        /// <summary>Quote one argument so CommandLineToArgvW reads it back unchanged.</summary>
        public static string Windows(string arg)
        {
            if (arg.Length > 0 && arg.IndexOfAny(new[] { ' ', '\t', '\n', '\v', '"' }) < 0) return arg;
            var sb = new StringBuilder("\"");
            var backslashes = 0;
            foreach (var c in arg)
            {
                if (c == '\\')
                {
                    backslashes++;
                    continue;
                }
                if (c == '"')
                {
                    sb.Append('\\', backslashes * 2 + 1);
                    sb.Append('"');
                }
                else
                {
                    sb.Append('\\', backslashes);
                    sb.Append(c);
                }
                backslashes = 0;
            }
            sb.Append('\\', backslashes * 2);
            sb.Append('"');
            return sb.ToString();
        }

        /// <summary>Quote one argument for shell word splitting: bare when harmless, else in single quotes with ' written as '\''.</summary>
        public static string Shell(string arg)
        {
            if (arg.Length > 0 && arg.All(c => ShellSafe.IndexOf(c) >= 0)) return arg;
            return "'" + arg.Replace("'", "'\\''") + "'";
        }
    }
}
