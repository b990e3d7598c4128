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
    /// API has no TestRunnerApi (it ships in a package, not in the Editor), so it is kept out of the Editor assembly. The run's
    /// state and its time limits are Core's TestRunState; error callbacks end a run that cannot start.
    /// </summary>
    [InitializeOnLoad]
    internal static class TestsTool
    {
        private const string StateKey = "AgentPanel.Tools.Tests";
        private static readonly object Gate = new object();
        private static TestRunState state;

        public enum TestsMode
        {
            edit,
            play,
        }

        static TestsTool()
        {
            state = Load();
            // Not in batch mode or an Asset Import Worker: there the Test Framework's own -runTests drives the tests.
            if (Application.isBatchMode || AssetDatabase.IsAssetImportWorkerProcess()) return;
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
            [ToolParameter("only these categories")] string[] categories = null,
            [ToolParameter("seconds without any test starting or finishing after which the run counts as failed (60-7200)")] int stallSeconds = TestRunState.DefaultStallSeconds)
        {
            if (Current().Busy) return new ErrorResponse("Tests are already running; read test_results and wait for them to finish.", "busy");
            var filter = new Filter
            {
                testMode = mode == TestsMode.play ? TestMode.PlayMode : TestMode.EditMode,
                testNames = tests != null && tests.Length > 0 ? tests : null,
                assemblyNames = assemblies != null && assemblies.Length > 0 ? assemblies : null,
                categoryNames = categories != null && categories.Length > 0 ? categories : null,
            };
            Update(TestRunState.Starting(mode.ToString(), DateTimeOffset.UtcNow, Math.Max(60, Math.Min(7200, stallSeconds))));
            try
            {
                var api = ScriptableObject.CreateInstance<TestRunnerApi>();
                api.Execute(new ExecutionSettings(filter));
            }
            catch (Exception e)
            {
                var failed = Current();
                failed.Failed("The Test Runner could not start the run: " + e.Message, DateTimeOffset.UtcNow);
                Update(failed);
                return new ErrorResponse(failed.error, "tests_not_started");
            }
            return new SuccessResponse($"{mode} tests started; read test_results for progress and failures.");
        }

        [AgentTool(Name = "test_results", Group = "tests", Idempotency = Idempotency.Safe, MainThread = false,
            Description = "The current or last test run: status (idle, starting, running, finished, failed: it could not start or stopped reporting, see error), counts and failures with messages and stack traces. Readable while tests run.")]
        public static object Results(
            [ToolParameter("also list the names of passed tests")] bool includePassed = false,
            [ToolParameter("most failures (or passed names) to list")] int limit = 50)
        {
            var s = Current();
            var text = s.status == "idle" ? "No test run yet in this Editor session." : $"{s.mode} tests {s.status}: {s.passed} passed, {s.failed} failed, {s.skipped} skipped of {s.total}";
            if (s.error != null) text += ". " + s.error;
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
                s.error,
                failures = s.failures.Take(Math.Max(1, limit)),
                passed_tests = includePassed ? s.passed_tests.Take(Math.Max(1, limit)) : null,
            });
        }

        // A copy with the time limits applied (test_results runs on a worker thread: SessionState is saved by the next callback).
        private static TestRunState Current()
        {
            lock (Gate)
            {
                var copy = JsonConvert.DeserializeObject<TestRunState>(JsonConvert.SerializeObject(state));
                if (copy.CheckTimeouts(DateTimeOffset.UtcNow)) state = copy;
                return JsonConvert.DeserializeObject<TestRunState>(JsonConvert.SerializeObject(copy));
            }
        }

        private static void Update(TestRunState next)
        {
            lock (Gate) state = next;
            SessionState.SetString(StateKey, JsonConvert.SerializeObject(next));
        }

        private static TestRunState Load()
        {
            try
            {
                return JsonConvert.DeserializeObject<TestRunState>(SessionState.GetString(StateKey, "")) ?? new TestRunState();
            }
            catch (JsonException)
            {
                return new TestRunState();
            }
        }

        /// <summary>Test Framework callbacks (registered again after every domain load), error callbacks included.</summary>
        private sealed class Callbacks : ICallbacks, IErrorCallbacks
        {
            public void RunStarted(ITestAdaptor testsToRun)
            {
                var s = Current();
                s.RunStarted(testsToRun.TestCaseCount, DateTimeOffset.UtcNow);
                Update(s);
            }

            public void RunFinished(ITestResultAdaptor result)
            {
                var s = Current();
                s.RunFinished(result.PassCount, result.FailCount, result.SkipCount, DateTimeOffset.UtcNow);
                Update(s);
            }

            public void TestStarted(ITestAdaptor test)
            {
                if (test.HasChildren) return;
                var s = Current();
                s.TestStarted(DateTimeOffset.UtcNow);
                Update(s);
            }

            public void TestFinished(ITestResultAdaptor result)
            {
                if (result.HasChildren) return;
                var s = Current();
                var outcome = result.TestStatus == TestStatus.Passed ? "passed" : result.TestStatus == TestStatus.Failed ? "failed" : "skipped";
                s.TestFinished(result.FullName, outcome, result.Message, result.StackTrace, DateTimeOffset.UtcNow);
                Update(s);
            }

            public void OnError(string message)
            {
                var s = Current();
                if (!s.Busy) return;
                s.Failed("The Test Runner reported an error and did not run the tests: " + message + ". Fix it (often a compile error in a test assembly) and call tests again.", DateTimeOffset.UtcNow);
                Update(s);
            }
        }
    }
}
