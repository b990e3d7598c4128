using System.IO;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Launch;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Launch
{
    /// <summary>Reading descriptors and telling a healthy sidecar from a stale one.</summary>
    public class SidecarDescriptorTests
    {
        private const string Valid = "{\"pid\":4242,\"port\":27240,\"token\":\"tttttttttttttttttttttttttttttttttttttttttttt\",\"version\":\"1.0.0\",\"startedAt\":\"2025-01-01T00:00:00.000Z\",\"project\":\"/p\"}";
        private string dir;

        [SetUp]
        public void SetUp()
        {
            dir = Path.Combine(Path.GetTempPath(), "ap-desc-" + Path.GetRandomFileName());
            Directory.CreateDirectory(dir);
        }

        [TearDown]
        public void TearDown()
        {
            Directory.Delete(dir, true);
        }

        [Test]
        public void ReadsAValidDescriptor()
        {
            var d = SidecarDescriptor.TryParse(Valid);
            Assert.That(d.Pid, Is.EqualTo(4242));
            Assert.That(d.Port, Is.EqualTo(27240));
            Assert.That(d.StartedAt, Is.EqualTo("2025-01-01T00:00:00.000Z"), "timestamps stay text");
            Assert.That(d.Endpoint.WebSocketUri.ToString(), Is.EqualTo("ws://127.0.0.1:27240/ws"));
            Assert.That(d.Endpoint.ToString(), Does.Not.Contain("tttt"), "the token is never part of log text");
        }

        [TestCase("")]
        [TestCase("{not json")]
        [TestCase("{\"pid\":1}")]
        [TestCase("{\"pid\":0,\"port\":27240,\"token\":\"t\",\"version\":\"1\",\"startedAt\":\"x\",\"project\":\"/p\"}")]
        [TestCase("{\"pid\":1,\"port\":70000,\"token\":\"t\",\"version\":\"1\",\"startedAt\":\"x\",\"project\":\"/p\"}")]
        [TestCase("{\"pid\":1,\"port\":27240,\"token\":\"\",\"version\":\"1\",\"startedAt\":\"x\",\"project\":\"/p\"}")]
        [TestCase("{\"pid\":\"1\",\"port\":27240,\"token\":\"t\",\"version\":\"1\",\"startedAt\":\"x\",\"project\":\"/p\"}")]
        public void ReadsMissingOrMalformedDescriptorsAsAbsent(string text)
        {
            Assert.That(SidecarDescriptor.TryParse(text), Is.Null);
        }

        [Test]
        public void NoFileMeansNotRunning()
        {
            var status = Check(HealthVerdict.Healthy, true, Path.Combine(dir, "none.json"));
            Assert.That(status.State, Is.EqualTo(SidecarState.NotRunning));
        }

        [Test]
        public void AHealthyAnswerFromTheLivingProcessMeansReuseIt()
        {
            Assert.That(Check(HealthVerdict.Healthy, true).State, Is.EqualTo(SidecarState.Healthy));
        }

        [TestCase("Healthy", false, "not running")]
        [TestCase("Unreachable", true, "nothing answers")]
        [TestCase("Unauthorized", true, "cannot prove")]
        [TestCase("WrongProcess", true, "another process")]
        public void AnythingElseIsStale(string verdict, bool alive, string reason)
        {
            var status = Check((HealthVerdict)System.Enum.Parse(typeof(HealthVerdict), verdict), alive);
            Assert.That(status.State, Is.EqualTo(SidecarState.Stale));
            Assert.That(status.Reason, Does.Contain(reason));
        }

        [Test]
        public void HealthBodiesAreJudgedByProofThenPid()
        {
            var proof = ChallengeProof.HealthProof("tok", 27240, "nonce0123456789abcdefgh");
            Assert.That(HttpSidecarProbe.Judge("{\"version\":\"1\",\"pid\":4242,\"proof\":\"" + proof + "\"}", 4242, "tok", 27240, "nonce0123456789abcdefgh"), Is.EqualTo(HealthVerdict.Healthy));
            Assert.That(HttpSidecarProbe.Judge("{\"pid\":99,\"proof\":\"" + proof + "\"}", 4242, "tok", 27240, "nonce0123456789abcdefgh"), Is.EqualTo(HealthVerdict.WrongProcess));
            Assert.That(HttpSidecarProbe.Judge("{\"pid\":\"4242\",\"proof\":\"" + proof + "\"}", 4242, "tok", 27240, "nonce0123456789abcdefgh"), Is.EqualTo(HealthVerdict.Unreachable));
            Assert.That(HttpSidecarProbe.Judge("{\"pid\":4242}", 4242, "tok", 27240, "nonce0123456789abcdefgh"), Is.EqualTo(HealthVerdict.Unauthorized), "no proof");
            Assert.That(HttpSidecarProbe.Judge("{\"pid\":4242,\"proof\":\"" + proof + "\"}", 4242, "tok", 27241, "nonce0123456789abcdefgh"), Is.EqualTo(HealthVerdict.Unauthorized), "a proof for another port (relayed)");
            Assert.That(HttpSidecarProbe.Judge("{\"pid\":4242,\"proof\":\"" + proof + "\"}", 4242, "other", 27240, "nonce0123456789abcdefgh"), Is.EqualTo(HealthVerdict.Unauthorized), "another token");
        }

        [Test]
        public void TheRealProbeCallsNothingReachableUnreachable()
        {
            var verdict = new HttpSidecarProbe().ProbeAsync(new SidecarEndpoint(1, "t"), CancellationToken.None).GetAwaiter().GetResult();
            Assert.That(verdict, Is.EqualTo(HealthVerdict.Unreachable));
        }

        private SidecarStatus Check(HealthVerdict verdict, bool alive, string file = null)
        {
            file = file ?? Path.Combine(dir, "d.json");
            if (!File.Exists(file) && file.EndsWith("d.json")) File.WriteAllText(file, Valid);
            var check = new SidecarCheck(new Probe(verdict), _ => alive);
            return check.RunAsync(file).GetAwaiter().GetResult();
        }

        private sealed class Probe : ISidecarProbe
        {
            private readonly HealthVerdict verdict;
            public Probe(HealthVerdict verdict) => this.verdict = verdict;
            public Task<HealthVerdict> ProbeAsync(SidecarEndpoint endpoint, CancellationToken cancellation) => Task.FromResult(verdict);
        }
    }
}
