using System;
using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Tools;
using Newtonsoft.Json;
using UnityEditor;
using UnityEditor.TestTools.TestRunner.Api;
using UnityEngine;

namespace AgentPanel.Editor.TestRunner
{
    /// <summary>
    /// Runs the project's tests through the Test Framework package's TestRunnerApi and keeps the results readable while tests
    /// run. This assembly compiles only when com.unity.test-framework (1.1.33 or newer) is installed: Unity's generated public
    /// API has no TestRunnerApi (it ships in a package, not in the Editor), so it is kept out of the Editor assembly. It uses
    /// only the public tool API ([AgentTool], SuccessResponse, ErrorResponse), like a project's own tools.
    /// </summary>
    [InitializeOnLoad]
    internal static class TestsTool
    {
        private const string StateKey = "AgentPanel.Tools.Tests";
        private static readonly object Gate = new object();
        private static RunState state;

        public enum TestsMode
        {
            edit,
            play,
        }

        /// <summary>The current or last run (kept across the domain reloads PlayMode tests cause).</summary>
        internal sealed class RunState
        {
            public string mode;
            public string status = "idle";
            public string started;
            public string finished;
            public int total;
            public int passed;
            public int failed;
            public int skipped;
            public List<Failure> failures = new List<Failure>();
            public List<string> passed_tests = new List<string>();
        }

        internal sealed class Failure
        {
            public string test;
            public string message;
            public string stack;
        }

        static TestsTool()
        {
            state = Load();
            var api = ScriptableObject.CreateInstance<TestRunnerApi>();
            api.RegisterCallbacks(new Callbacks());
        }

        [AgentTool(Name = "tests", Group = "tests",
            Description = "Run the project's EditMode or PlayMode tests (all, or those whose full names, assemblies or categories are given). Returns at once; the tests run in the Editor and test_results reports progress and failures, even mid-run.",
            Examples = new[] { "{\"mode\":\"edit\",\"assemblies\":[\"MyGame.Tests\"]}" })]
        public static object Run(
            [ToolParameter("edit (EditMode) or play (PlayMode)")] TestsMode mode,
            [ToolParameter("only these tests (full names)")] string[] tests = null,
            [ToolParameter("only these test assemblies")] string[] assemblies = null,
            [ToolParameter("only these categories")] string[] categories = null)
        {
            if (Current().status == "running") return new ErrorResponse("Tests are already running; read test_results and wait for them to finish.", "busy");
            var filter = new Filter
            {
                testMode = mode == TestsMode.play ? TestMode.PlayMode : TestMode.EditMode,
                testNames = tests != null && tests.Length > 0 ? tests : null,
                assemblyNames = assemblies != null && assemblies.Length > 0 ? assemblies : null,
                categoryNames = categories != null && categories.Length > 0 ? categories : null,
            };
            Update(new RunState { mode = mode.ToString(), status = "starting", started = DateTime.UtcNow.ToString("o") });
            var api = ScriptableObject.CreateInstance<TestRunnerApi>();
            api.Execute(new ExecutionSettings(filter));
            return new SuccessResponse($"{mode} tests started; read test_results for progress and failures.");
        }

        [AgentTool(Name = "test_results", Group = "tests", Idempotency = Idempotency.Safe, MainThread = false,
            Description = "The current or last test run: status (idle, starting, running, finished), counts and failures with messages and stack traces. Readable while tests run.")]
        public static object Results(
            [ToolParameter("also list the names of passed tests")] bool includePassed = false,
            [ToolParameter("most failures (or passed names) to list")] int limit = 50)
        {
            var s = Current();
            var text = s.status == "idle" ? "No test run yet in this Editor session." : $"{s.mode} tests {s.status}: {s.passed} passed, {s.failed} failed, {s.skipped} skipped of {s.total}";
            return new SuccessResponse(text, new
            {
                s.mode,
                s.status,
                s.started,
                s.finished,
                s.total,
                s.passed,
                s.failed,
                s.skipped,
                failures = s.failures.Take(Math.Max(1, limit)),
                passed_tests = includePassed ? s.passed_tests.Take(Math.Max(1, limit)) : null,
            });
        }

        private static RunState Current()
        {
            lock (Gate) return JsonConvert.DeserializeObject<RunState>(JsonConvert.SerializeObject(state));
        }

        private static void Update(RunState next)
        {
            lock (Gate) state = next;
            SessionState.SetString(StateKey, JsonConvert.SerializeObject(next));
        }

        private static RunState Load()
        {
            try
            {
                return JsonConvert.DeserializeObject<RunState>(SessionState.GetString(StateKey, "")) ?? new RunState();
            }
            catch (JsonException)
            {
                return new RunState();
            }
        }

        /// <summary>Test Framework callbacks (registered again after every domain load).</summary>
        private sealed class Callbacks : ICallbacks
        {
            public void RunStarted(ITestAdaptor testsToRun)
            {
                var s = Current();
                s.status = "running";
                s.total = testsToRun.TestCaseCount;
                Update(s);
            }

            public void RunFinished(ITestResultAdaptor result)
            {
                var s = Current();
                s.status = "finished";
                s.finished = DateTime.UtcNow.ToString("o");
                s.passed = result.PassCount;
                s.failed = result.FailCount;
                s.skipped = result.SkipCount;
                Update(s);
            }

            public void TestStarted(ITestAdaptor test)
            {
            }

            public void TestFinished(ITestResultAdaptor result)
            {
                if (result.HasChildren) return;
                var s = Current();
                if (result.TestStatus == TestStatus.Passed)
                {
                    s.passed++;
                    if (s.passed_tests.Count < 1000) s.passed_tests.Add(result.FullName);
                }
                else if (result.TestStatus == TestStatus.Failed)
                {
                    s.failed++;
                    if (s.failures.Count < 500) s.failures.Add(new Failure { test = result.FullName, message = result.Message, stack = result.StackTrace });
                }
                else
                {
                    s.skipped++;
                }
                Update(s);
            }
        }
    }
}
