using System;
using System.Collections.Generic;

namespace AgentPanel.Core.Tools
{
    /// <summary>One failed test of a run.</summary>
    internal sealed class TestFailure
    {
        public string test;
        public string message;
        public string stack;
    }

    /// <summary>
    /// The current or last test run as the tests tools report it (kept in SessionState across the reloads PlayMode tests
    /// cause). It also decides when a run is over without the Test Framework saying so: a run that never starts (the test
    /// assemblies fail to build, an error callback) or one whose RunFinished never comes (a crash, a reload that cut it)
    /// would otherwise stay "starting" or "running" for ever and refuse every new run.
    /// </summary>
    internal sealed class TestRunState
    {
        /// <summary>Seconds a run may take to report RunStarted.</summary>
        public const int StartTimeoutSeconds = 120;
        /// <summary>Default seconds a running run may go without any test starting or finishing.</summary>
        public const int DefaultStallSeconds = 600;

        public string mode;
        public string status = "idle";
        public string started;
        public string finished;
        public int total;
        public int passed;
        public int failed;
        public int skipped;
        public string error;
        public List<TestFailure> failures = new List<TestFailure>();
        public List<string> passed_tests = new List<string>();
        /// <summary>Unix ms of the last sign of life (start, a test starting or finishing).</summary>
        public long last_progress_ms;
        public int stall_seconds = DefaultStallSeconds;

        /// <summary>A run that was just asked for.</summary>
        public static TestRunState Starting(string mode, DateTimeOffset now, int stallSeconds) => new TestRunState
        {
            mode = mode,
            status = "starting",
            started = now.ToString("o"),
            last_progress_ms = now.ToUnixTimeMilliseconds(),
            stall_seconds = Math.Max(10, stallSeconds),
        };

        /// <summary>Whether a new run must wait for this one.</summary>
        public bool Busy => status == "starting" || status == "running";

        /// <summary>The Test Framework started the run.</summary>
        public void RunStarted(int testCount, DateTimeOffset now)
        {
            status = "running";
            total = testCount;
            last_progress_ms = now.ToUnixTimeMilliseconds();
        }

        /// <summary>A test started (a sign of life only).</summary>
        public void TestStarted(DateTimeOffset now) => last_progress_ms = now.ToUnixTimeMilliseconds();

        /// <summary>A leaf test finished: "passed", "failed", or anything else (skipped, inconclusive).</summary>
        public void TestFinished(string name, string outcome, string message, string stack, DateTimeOffset now)
        {
            last_progress_ms = now.ToUnixTimeMilliseconds();
            if (outcome == "passed")
            {
                passed++;
                if (passed_tests.Count < 1000) passed_tests.Add(name);
            }
            else if (outcome == "failed")
            {
                failed++;
                if (failures.Count < 500) failures.Add(new TestFailure { test = name, message = message, stack = stack });
            }
            else
            {
                skipped++;
            }
        }

        /// <summary>The Test Framework finished the run, with its own counts.</summary>
        public void RunFinished(int passCount, int failCount, int skipCount, DateTimeOffset now)
        {
            status = "finished";
            finished = now.ToString("o");
            passed = passCount;
            failed = failCount;
            skipped = skipCount;
        }

        /// <summary>The run could not start or went wrong (an error callback, Execute throwing).</summary>
        public void Failed(string message, DateTimeOffset now)
        {
            status = "failed";
            finished = now.ToString("o");
            error = message;
        }

        /// <summary>Apply the time limits: a run that missed one becomes "failed" with an error saying what to do. True when it changed.</summary>
        public bool CheckTimeouts(DateTimeOffset now)
        {
            var quiet = (now.ToUnixTimeMilliseconds() - last_progress_ms) / 1000;
            if (status == "starting" && quiet >= StartTimeoutSeconds)
            {
                Failed($"The {mode} test run did not start within {StartTimeoutSeconds} s. Look at the Console for compile errors in the test assemblies or a Test Runner error, then call tests again.", now);
                return true;
            }
            if (status == "running" && quiet >= stall_seconds)
            {
                Failed($"No test started or finished for {quiet} s and the run never reported its end (a domain reload, a crash or a hung test may have cut it). Counts are those seen so far; call tests again to start a new run.", now);
                return true;
            }
            return false;
        }
    }
}
