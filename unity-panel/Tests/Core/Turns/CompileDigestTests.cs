using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Turns;
using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Turns
{
    /// <summary>The error summary sent to the agent and the loop guard of the automatic follow-up.</summary>
    public class CompileDigestTests
    {
        private static CompileError E(string file, int line, string what) => new CompileError(file + "(" + line + ",5): error " + what, file, line);

        [Test]
        public void TheSummaryIsOneFileLineMessageLineEachDeduplicatedAcrossAssemblies()
        {
            var issues = CompileDigest.Issues(new[] { E("Assets/A.cs", 3, "CS0103: x"), E("Assets/A.cs", 3, "CS0103: x"), E("Assets/B.cs", 7, "CS1002: ; expected") });
            var text = CompileDigest.FixPrompt(issues);
            Assert.That(text.Split('\n'), Is.EqualTo(new[]
            {
                "Unity's compile after your last turn failed with 2 errors. Fix them:",
                "Assets/A.cs:3: error CS0103: x",
                "Assets/B.cs:7: error CS1002: ; expected",
            }));
        }

        [Test]
        public void TheSummaryIsBoundedAndCountsTheRest()
        {
            var errors = Enumerable.Range(1, 30).Select(i => E("Assets/A.cs", i, "CS0103: n" + i));
            var text = CompileDigest.FixPrompt(CompileDigest.Issues(errors));
            var lines = text.Split('\n');
            Assert.That(lines, Has.Length.EqualTo(1 + CompileDigest.MaxIssues + 1));
            Assert.That(lines.Last(), Does.StartWith("… and 10 more"));
        }

        [Test]
        public void AnErrorWithoutAFileKeepsItsMessageAndNoErrorsGiveNoText()
        {
            var issues = CompileDigest.Issues(new[] { new CompileError("error CS2001: Source file missing"), new CompileError("  ") });
            Assert.That(issues.Select(i => i.ToString()), Is.EqualTo(new[] { "error CS2001: Source file missing" }));
            Assert.That(CompileDigest.FixPrompt(new List<CompileIssue>()), Is.EqualTo(""));
        }

        [Test]
        public void TheSignatureIgnoresOrder()
        {
            var a = CompileDigest.Issues(new[] { E("Assets/A.cs", 1, "x"), E("Assets/B.cs", 2, "y") });
            var b = CompileDigest.Issues(new[] { E("Assets/B.cs", 2, "y"), E("Assets/A.cs", 1, "x") });
            Assert.That(CompileDigest.Signature(a), Is.EqualTo(CompileDigest.Signature(b)));
            Assert.That(CompileDigest.Signature(a), Is.Not.EqualTo(CompileDigest.Signature(a.Take(1))));
        }

        [Test]
        public void TheGuardAllowsThreeRoundsPerUserMessage()
        {
            var guard = new AutoFixGuard();
            for (var round = 1; round <= AutoFixGuard.MaxRounds; round++)
            {
                Assert.That(guard.Decide("c", "s" + round, true), Is.EqualTo(AutoFixDecision.Send), "round " + round);
                guard.Sent("c", "s" + round, "fix " + round);
                guard.UserMessage("c", "fix " + round);
            }
            Assert.That(guard.Decide("c", "s-new", true), Is.EqualTo(AutoFixDecision.RoundLimit));
            guard.UserMessage("c", "my own words");
            Assert.That(guard.Decide("c", "s-new", true), Is.EqualTo(AutoFixDecision.Send), "the user's own message resets the guard");
        }

        [Test]
        public void TheGuardStopsWhenTheSameErrorSetComesBackAndIsOffUnlessEnabled()
        {
            var guard = new AutoFixGuard();
            Assert.That(guard.Decide("c", "s", false), Is.EqualTo(AutoFixDecision.Off));
            Assert.That(guard.Decide("c", "", true), Is.EqualTo(AutoFixDecision.NoErrors));
            guard.Sent("c", "s", "fix");
            guard.UserMessage("c", "fix");
            Assert.That(guard.Decide("c", "s", true), Is.EqualTo(AutoFixDecision.SameErrorsAgain));
            Assert.That(guard.Decide("other", "s", true), Is.EqualTo(AutoFixDecision.Send), "per chat");
        }
    }
}
