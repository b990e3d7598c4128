using System.Linq;
using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>The compose card's Core: which tool results get it, what it reads from them, and the piano roll's rectangles.</summary>
    public class ComposeCardTests
    {
        private static JObject Note(int tick, int length, int key) => new JObject { ["type"] = "note", ["tick"] = tick, ["length"] = length, ["key"] = key, ["cents"] = 0, ["gate"] = 1, ["slur"] = false };

        private static JObject Channel(int duration, params JObject[] events) =>
            new JObject { ["voice"] = new JObject { ["wave"] = "pulse" }, ["events"] = new JArray(new JObject { ["type"] = "tempo", ["tick"] = 0, ["bpm"] = 120 }, events), ["duration_ticks"] = duration, ["loop_tick"] = null };

        private static JObject Sequence(JObject pulse1 = null, JObject triangle = null, JObject noise = null) => new JObject
        {
            ["version"] = 2,
            ["channels"] = new JObject { ["Pulse1"] = pulse1 ?? Channel(0), ["Pulse2"] = Channel(0), ["Triangle"] = triangle ?? Channel(0), ["Noise"] = noise ?? Channel(0) },
        };

        [Test]
        public void PitchedNotesSharePitchRowsAndTimeScalesToTheWidth()
        {
            // C4 for a quarter, E4 for a quarter, G4 for a half: 192 ticks over 192 px.
            var seq = Sequence(pulse1: Channel(192, Note(0, 48, 60), Note(48, 48, 64), Note(96, 96, 67)));
            var rects = PianoRollLayout.Layout(seq, 192, 80);
            Assert.That(rects.Select(r => r.ToString()), Is.EqualTo(new[]
            {
                "Pulse1 60@0: (0, 70) 48×10",
                "Pulse1 64@48: (48, 30) 48×10",
                "Pulse1 67@96: (96, 0) 96×10",
            }));
        }

        [Test]
        public void NoiseGoesToItsOwnLaneAtTheBottomAndEveryNoteGetsOneRect()
        {
            var seq = Sequence(
                pulse1: Channel(96, Note(0, 48, 72), Note(48, 48, 74)),
                triangle: Channel(96, Note(0, 96, 48)),
                noise: Channel(96, Note(0, 24, 5), Note(24, 24, 5), Note(48, 24, 12), Note(72, 24, 12)));
            var rects = PianoRollLayout.Layout(seq, 300, 100);
            Assert.That(rects, Has.Count.EqualTo(7));
            var noise = rects.Where(r => r.Channel == "Noise").ToList();
            Assert.That(noise.Select(r => (r.Y, r.Height)).Distinct(), Is.EqualTo(new[] { (82f, 18f) }));
            Assert.That(rects.Where(r => r.Channel != "Noise").Max(r => r.Y + r.Height), Is.EqualTo(82f).Within(1e-3));
            // The triangle's low C3 is the bottom pitch row, the pulse's D5 the top one.
            Assert.That(rects.Single(r => r.Key == 48).Y + rects.Single(r => r.Key == 48).Height, Is.EqualTo(82f).Within(1e-3));
            Assert.That(rects.Single(r => r.Key == 74).Y, Is.EqualTo(0f));
        }

        [Test]
        public void NoNotesOrNoSequenceGiveNoRects()
        {
            Assert.That(PianoRollLayout.Layout(Sequence(), 100, 50), Is.Empty);
            Assert.That(PianoRollLayout.Layout(null, 100, 50), Is.Empty);
            Assert.That(PianoRollLayout.Layout(new JObject { ["channels"] = "x" }, 100, 50), Is.Empty);
        }

        [Test]
        public void AVeryShortNoteIsStillOnePixelWide()
        {
            var seq = Sequence(pulse1: Channel(10000, Note(0, 1, 60), Note(1, 9999, 62)));
            Assert.That(PianoRollLayout.Layout(seq, 100, 20)[0].Width, Is.EqualTo(1f));
        }

        [Test]
        public void OnlySuccessfulComposeCallsWithAWavGetTheCard()
        {
            var text = new JObject { ["success"] = true, ["wav_path"] = "Assets/Audio/Generated/mml-0123456789ab.wav", ["duration_sec"] = 1.5, ["note_sequence"] = Sequence(pulse1: Channel(48, Note(0, 48, 60))), ["unity_import"] = new JObject { ["status"] = "imported", ["message"] = "…" } }.ToString(Newtonsoft.Json.Formatting.None);
            ToolCard Card(string name, ToolStatus status, string result) => new ToolCard("t1") { Name = name, Status = status, Result = result };

            var facts = ComposeResult.Of(Card("mcp__agent-panel__compose_mml", ToolStatus.Succeeded, text));
            Assert.That(facts.WavPath, Is.EqualTo("Assets/Audio/Generated/mml-0123456789ab.wav"));
            Assert.That(facts.IsAsset, Is.True);
            Assert.That(facts.Facts(), Is.EqualTo("1.50 s · Unity: imported"));
            Assert.That(PianoRollLayout.Layout(facts.NoteSequence, 10, 10), Has.Count.EqualTo(1));
            Assert.That(ComposeResult.Of(Card("compose_mml", ToolStatus.Succeeded, text + "\nA note claude added")), Is.Not.Null);

            Assert.That(ComposeResult.Of(Card("mcp__agent-panel__compose_mml", ToolStatus.Failed, text)), Is.Null);
            Assert.That(ComposeResult.Of(Card("mcp__agent-panel__scene_list", ToolStatus.Succeeded, text)), Is.Null);
            Assert.That(ComposeResult.Of(Card("mcp____compose_mml", ToolStatus.Succeeded, text)), Is.Null);
            Assert.That(ComposeResult.Of(Card("compose_mml", ToolStatus.Succeeded, "{\"valid\":true,\"errors\":[]}")), Is.Null);
            Assert.That(ComposeResult.Of(Card("compose_mml", ToolStatus.Succeeded, "{\"success\":false,\"wav_path\":null}")), Is.Null);
        }

        [Test]
        public void AResultCutByTheLengthCapStillGivesThePathAndLength()
        {
            var facts = ComposeResult.Parse("{\"success\":true,\"wav_path\":\"Assets/Sfx/jump.wav\",\"duration_sec\":0.25,\"note_sequence\":{\"version\":2,\"chan\n… (9000 more characters)");
            Assert.That((facts.WavPath, facts.DurationSec, facts.NoteSequence), Is.EqualTo(("Assets/Sfx/jump.wav", (double?)0.25, (JObject)null)));
        }
    }
}
