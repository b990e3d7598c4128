using System;

namespace UnityEngine.TestTools
{
    /// <summary>
    /// Stand-in for the Test Framework's [UnityTest] (a test method returning IEnumerator that yields Editor frames), the one
    /// runtime test attribute TestProject~ uses; only for its compile check, never shipped.
    /// </summary>
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class UnityTestAttribute : Attribute
    {
    }
}
