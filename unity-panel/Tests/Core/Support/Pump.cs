using System;
using System.Diagnostics;
using System.Threading;
using AgentPanel.Core.Connection;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Support
{
    /// <summary>Plays the Editor's update loop in tests: drains the inbox until a condition holds or time runs out.</summary>
    internal static class Pump
    {
        public static void Until(MainThreadQueue inbox, Func<bool> condition, string what, int timeoutMs = 5000)
        {
            var watch = Stopwatch.StartNew();
            while (watch.ElapsedMilliseconds < timeoutMs)
            {
                inbox.Drain();
                if (condition()) return;
                Thread.Sleep(5);
            }
            inbox.Drain();
            if (!condition()) Assert.Fail($"Timed out after {timeoutMs} ms waiting for: {what}");
        }

        /// <summary>Drain for a while (to show that something does NOT happen).</summary>
        public static void For(MainThreadQueue inbox, int ms)
        {
            var watch = Stopwatch.StartNew();
            while (watch.ElapsedMilliseconds < ms)
            {
                inbox.Drain();
                Thread.Sleep(5);
            }
            inbox.Drain();
        }
    }
}
