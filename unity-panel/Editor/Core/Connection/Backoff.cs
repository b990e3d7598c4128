using System;

namespace AgentPanel.Core.Connection
{
    /// <summary>Reconnect delays: exponential from <see cref="Initial"/> up to <see cref="Max"/>, with jitter so several editors do not retry in step.</summary>
    internal sealed class Backoff
    {
        private readonly Func<double> random;

        /// <summary>Create a backoff; <paramref name="random"/> returns [0,1) (injectable for tests).</summary>
        public Backoff(TimeSpan initial, TimeSpan max, double factor = 2.0, double jitter = 0.2, Func<double> random = null)
        {
            if (initial <= TimeSpan.Zero || max < initial) throw new ArgumentException("Backoff needs 0 < initial <= max.");
            if (factor < 1.0 || jitter < 0.0 || jitter >= 1.0) throw new ArgumentException("Backoff needs factor >= 1 and 0 <= jitter < 1.");
            Initial = initial;
            Max = max;
            Factor = factor;
            Jitter = jitter;
            var shared = new Random();
            this.random = random ?? (() => { lock (shared) return shared.NextDouble(); });
        }

        public TimeSpan Initial { get; }
        public TimeSpan Max { get; }
        public double Factor { get; }
        public double Jitter { get; }

        /// <summary>Delays handed out since the last <see cref="Reset"/>.</summary>
        public int Attempt { get; private set; }

        /// <summary>The delay before the next attempt: initial·factor^attempt capped at max, then ±jitter (never above max).</summary>
        public TimeSpan Next()
        {
            var baseMs = Initial.TotalMilliseconds * Math.Pow(Factor, Math.Min(Attempt, 30));
            baseMs = Math.Min(baseMs, Max.TotalMilliseconds);
            Attempt++;
            var spread = (random() * 2.0 - 1.0) * Jitter;
            var ms = Math.Min(baseMs * (1.0 + spread), Max.TotalMilliseconds);
            return TimeSpan.FromMilliseconds(Math.Max(1.0, ms));
        }

        /// <summary>Start over after a connection that worked.</summary>
        public void Reset()
        {
            Attempt = 0;
        }
    }
}
