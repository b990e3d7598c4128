using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.View
{
    /// <summary>One note of a piano roll: its channel, MIDI key and start tick, and its rectangle (origin top left).</summary>
    internal readonly struct RollRect
    {
        public RollRect(string channel, int key, int tick, float x, float y, float width, float height)
        {
            Channel = channel;
            Key = key;
            Tick = tick;
            X = x;
            Y = y;
            Width = width;
            Height = height;
        }

        public string Channel { get; }
        public int Key { get; }
        public int Tick { get; }
        public float X { get; }
        public float Y { get; }
        public float Width { get; }
        public float Height { get; }

        public override string ToString() => $"{Channel} {Key}@{Tick}: ({X:0.##}, {Y:0.##}) {Width:0.##}×{Height:0.##}";
    }

    /// <summary>
    /// The piano roll of a compose_mml note sequence (IR v2), as the browser panel draws it (sidecar/src/web/app/piano-roll.ts):
    /// time in ticks on x, pitch on y for the pulse and triangle channels, the noise channel in its own lane at the bottom
    /// (its "key" picks a noise period, not a pitch). Pure math, so the Editor card only paints the rectangles.
    /// </summary>
    internal static class PianoRollLayout
    {
        /// <summary>The channels in drawing order; each has its own colour in the card.</summary>
        public static readonly string[] Channels = { "Pulse1", "Pulse2", "Triangle", "Noise" };

        /// <summary>Share of the height the noise lane takes when pitched notes are there too.</summary>
        public const float NoiseLane = 0.18f;

        /// <summary>Rectangles for every note of <paramref name="noteSequence"/> in a <paramref name="width"/> × <paramref name="height"/> picture; empty for anything that is not an IR.</summary>
        public static List<RollRect> Layout(JObject noteSequence, float width, float height)
        {
            var notes = Notes(noteSequence, out var total);
            var result = new List<RollRect>(notes.Count);
            if (notes.Count == 0 || width <= 0 || height <= 0) return result;
            int lo = int.MaxValue, hi = int.MinValue, pitched = 0, noise = 0;
            foreach (var n in notes)
            {
                if (n.Channel == "Noise") { noise++; continue; }
                pitched++;
                lo = Math.Min(lo, n.Key);
                hi = Math.Max(hi, n.Key);
            }
            var laneHeight = noise > 0 ? (pitched > 0 ? height * NoiseLane : height) : 0f;
            var pitchHeight = height - laneHeight;
            var rowHeight = pitched > 0 ? pitchHeight / (hi - lo + 1) : 0f;
            foreach (var n in notes)
            {
                var x = n.Tick / (float)total * width;
                var w = Math.Max(1f, n.Length / (float)total * width);
                result.Add(n.Channel == "Noise"
                    ? new RollRect(n.Channel, n.Key, n.Tick, x, pitchHeight, w, laneHeight)
                    : new RollRect(n.Channel, n.Key, n.Tick, x, (hi - n.Key) * rowHeight, w, rowHeight));
            }
            return result;
        }

        private struct Note
        {
            public string Channel;
            public int Key;
            public int Tick;
            public int Length;
        }

        private static List<Note> Notes(JObject seq, out int total)
        {
            var notes = new List<Note>();
            total = 1;
            if (!(seq?["channels"] is JObject channels)) return notes;
            foreach (var name in Channels)
            {
                if (!(channels[name] is JObject channel)) continue;
                total = Math.Max(total, Int(channel["duration_ticks"]) ?? 0);
                if (!(channel["events"] is JArray events)) continue;
                foreach (var e in events)
                {
                    if (!(e is JObject ev) || (string)ev["type"] != "note") continue;
                    int? key = Int(ev["key"]), tick = Int(ev["tick"]), length = Int(ev["length"]);
                    if (key == null || tick == null || length == null || length <= 0 || tick < 0) continue;
                    notes.Add(new Note { Channel = name, Key = key.Value, Tick = tick.Value, Length = length.Value });
                    total = Math.Max(total, tick.Value + length.Value);
                }
            }
            return notes;
        }

        private static int? Int(JToken token) =>
            token != null && (token.Type == JTokenType.Integer || token.Type == JTokenType.Float) ? (int?)(long)Math.Round((double)token) : null;
    }
}
