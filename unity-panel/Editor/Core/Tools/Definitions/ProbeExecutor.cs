using System;
using System.Collections.Generic;
using System.Reflection;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools.Definitions
{
    /// <summary>Where a probe's last values are kept between calls (the Editor: SessionState; tests: memory).</summary>
    internal interface IProbeStore
    {
        /// <summary>The JSON saved for this key, or null.</summary>
        string Load(string key);

        /// <summary>Keep <paramref name="json"/> under this key.</summary>
        void Save(string key, string json);
    }

    /// <summary>An in-memory probe store: for tests and hosts without a session.</summary>
    internal sealed class MemoryProbeStore : IProbeStore
    {
        private readonly Dictionary<string, string> values = new Dictionary<string, string>();

        public string Load(string key) => values.TryGetValue(key, out var json) ? json : null;

        public void Save(string key, string json) => values[key] = json;
    }

    /// <summary>
    /// Runs a JSON definition probe (the internal operation definition_probe): every read through the reflect_read path
    /// reader, each failure kept to its own id, and change tracking — the last values per definition are stored with the
    /// definition's hash and the domain they were read in, so the first call, a new domain (after a reload) and a changed
    /// definition start a new baseline. Answers {reads: {id: {path, type, value} | {path, error}}, mode, changed, baseline?}.
    /// </summary>
    internal sealed class ProbeExecutor
    {
        private readonly ReflectReader reader;
        private readonly IProbeStore store;
        private readonly string domainId;

        /// <param name="domainId">Differs after every domain reload (the store outlives the domain; a new id means a new baseline).</param>
        public ProbeExecutor(ReflectReader reader, IProbeStore store, string domainId)
        {
            this.reader = reader ?? throw new ArgumentNullException(nameof(reader));
            this.store = store ?? throw new ArgumentNullException(nameof(store));
            this.domainId = domainId ?? "";
        }

        /// <summary>Run one probe call; bad arguments throw ToolException(invalid_params) saying what is wrong.</summary>
        public JObject Run(JObject args)
        {
            var definition = Text(args, "definition");
            var hash = (string)args?["hash"] ?? "";
            var mode = (string)args?["mode"] ?? "all";
            if (mode != "all" && mode != "changes") throw new ToolException(ToolErrorCodes.InvalidParams, $"definition_probe: mode must be \"all\" or \"changes\", not \"{mode}\".");
            if (!(args["reads"] is JArray reads)) throw new ToolException(ToolErrorCodes.InvalidParams, "definition_probe: \"reads\" must be an array of {id, path}.");

            var current = new JObject();
            foreach (var item in reads)
            {
                var id = (string)item?["id"];
                if (string.IsNullOrEmpty(id)) throw new ToolException(ToolErrorCodes.InvalidParams, "definition_probe: every read needs an \"id\".");
                current[id] = ReadOne((string)item["path"] ?? "");
            }

            var key = "AgentPanel.Probe." + definition;
            var last = Previous(key);
            var baseline = last == null || (string)last["domain"] != domainId || (string)last["hash"] != hash;
            var lastValues = baseline ? new JObject() : last["values"] as JObject ?? new JObject();
            var changed = new JArray();
            var answered = new JObject();
            foreach (var property in current.Properties())
            {
                var differs = baseline || !JToken.DeepEquals(lastValues[property.Name], property.Value);
                if (differs) changed.Add(property.Name);
                if (mode == "all" || differs) answered[property.Name] = property.Value.DeepClone();
            }
            store.Save(key, new JObject { ["domain"] = domainId, ["hash"] = hash, ["values"] = current }.ToString(Formatting.None));

            var result = new JObject { ["reads"] = answered, ["mode"] = mode, ["changed"] = changed };
            if (baseline) result["baseline"] = true;
            return result;
        }

        /// <summary>One read as {path, type, value}, or {path, error} when it cannot be read (nothing selected, object destroyed…).</summary>
        private JObject ReadOne(string path)
        {
            try
            {
                return reader.Read(path);
            }
            catch (Exception e)
            {
                var inner = e is TargetInvocationException tie && tie.InnerException != null ? tie.InnerException : e;
                var message = inner is ReflectPathException ? inner.Message : $"{inner.GetType().Name}: {inner.Message}";
                return new JObject { ["path"] = path, ["error"] = message };
            }
        }

        private JObject Previous(string key)
        {
            var json = store.Load(key);
            if (string.IsNullOrEmpty(json)) return null;
            try
            {
                return JObject.Parse(json);
            }
            catch (JsonException)
            {
                return null; // an unreadable record starts a new baseline
            }
        }

        private static string Text(JObject args, string name)
        {
            var value = (string)args?[name];
            if (string.IsNullOrEmpty(value)) throw new ToolException(ToolErrorCodes.InvalidParams, $"definition_probe: \"{name}\" is missing.");
            return value;
        }
    }
}
