using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.RepoChecks
{
    /// <summary>The window's UI assets: UXML is well-formed, every element the C# looks up by name exists, and USS uses theme variables only.</summary>
    public class UiAssetsTests
    {
        private static string Ui => Path.Combine(RepoPaths.Package, "Editor", "UI");

        // Q<T>("name") and Q("name"): the element names the Editor layer queries.
        private static readonly Regex Query = new Regex(@"\.Q(?:<[^>]+>)?\(\s*""([^""]+)""");

        // #abc / #aabbcc / #aabbccdd, rgb( / rgba(, and colour keywords as whole values.
        private static readonly Regex HexColour = new Regex(@"#[0-9a-fA-F]{3,8}\b");
        private static readonly Regex RgbColour = new Regex(@"\brgba?\s*\(", RegexOptions.IgnoreCase);
        private static readonly Regex NamedColour = new Regex(@":\s*[^;]*\b(white|black|red|green|blue|yellow|orange|purple|gray|grey|cyan|magenta|pink|brown)\b", RegexOptions.IgnoreCase);

        [Test]
        public void EveryUxmlIsWellFormedXml()
        {
            var files = Files("*.uxml");
            Assert.That(files, Is.Not.Empty, "no UXML under Editor/UI");
            foreach (var file in files)
            {
                Assert.DoesNotThrow(() => XDocument.Load(file), Path.GetFileName(file) + " is not well-formed XML");
            }
        }

        [Test]
        public void EveryQueriedElementNameExistsInAUxml()
        {
            var names = new HashSet<string>();
            foreach (var file in Files("*.uxml"))
            {
                foreach (var e in XDocument.Load(file).Descendants())
                {
                    var name = (string)e.Attribute("name");
                    if (name != null) names.Add(name);
                }
            }
            var missing = new List<string>();
            foreach (var file in Files("*.cs"))
            {
                foreach (Match m in Query.Matches(File.ReadAllText(file)))
                {
                    if (!names.Contains(m.Groups[1].Value)) missing.Add(Path.GetFileName(file) + ": " + m.Groups[1].Value);
                }
            }
            Assert.That(missing, Is.Empty, "elements the C# queries by name but no UXML declares");
        }

        [Test]
        public void EveryLayoutAndStyleSheetTheWindowLoadsIsInThePackageUnderItsName()
        {
            var package = Newtonsoft.Json.Linq.JObject.Parse(File.ReadAllText(Path.Combine(RepoPaths.Package, "package.json")));
            var assets = File.ReadAllText(Path.Combine(Ui, "Shell", "PanelAssets.cs"));
            Assert.That(assets, Does.Contain("\"Packages/" + (string)package["name"] + "/Editor/UI/\""), "PanelAssets.Root must name the package as package.json does");
            var layouts = new HashSet<string>();
            foreach (var file in Files("*.cs"))
            {
                foreach (Match m in Regex.Matches(File.ReadAllText(file), @"PanelAssets\.Clone\(\s*""([^""]+)""")) layouts.Add(m.Groups[1].Value);
            }
            Assert.That(layouts, Is.Not.Empty);
            foreach (var layout in layouts) Assert.That(File.Exists(Path.Combine(Ui, "Layout", layout + ".uxml")), Is.True, "Layout/" + layout + ".uxml is loaded but missing");
            foreach (Match m in Regex.Matches(assets, @"""([A-Za-z]+\.uss)""")) Assert.That(File.Exists(Path.Combine(Ui, "Styles", m.Groups[1].Value)), Is.True, "Styles/" + m.Groups[1].Value + " is loaded but missing");
        }

        [Test]
        public void NoStyleSheetHasAHardCodedColour()
        {
            var problems = new List<string>();
            foreach (var file in Files("*.uss"))
            {
                var lines = File.ReadAllLines(file);
                for (var i = 0; i < lines.Length; i++)
                {
                    var line = Regex.Replace(lines[i], @"/\*.*?\*/", "");
                    if (HexColour.IsMatch(line) || RgbColour.IsMatch(line) || NamedColour.IsMatch(line)) problems.Add(Path.GetFileName(file) + ":" + (i + 1) + ": " + lines[i].Trim());
                }
            }
            Assert.That(problems, Is.Empty, "use Unity theme variables (var(--unity-colors-…)) or the --ap-* variables of AgentPanel.uss");
        }

        [Test]
        public void TheCheckersCatchWhatTheyShould()
        {
            Assert.That(HexColour.IsMatch("color: #fff;"), Is.True);
            Assert.That(RgbColour.IsMatch("background-color: rgba(0, 0, 0, 0.5);"), Is.True);
            Assert.That(NamedColour.IsMatch("color: white;"), Is.True);
            Assert.That(NamedColour.IsMatch("color: var(--unity-colors-default-text);"), Is.False);
            Assert.That(Query.Match("root.Q<Button>(\"send\")").Groups[1].Value, Is.EqualTo("send"));
        }

        private static List<string> Files(string pattern)
        {
            return Directory.Exists(Ui) ? Directory.GetFiles(Ui, pattern, SearchOption.AllDirectories).OrderBy(f => f, System.StringComparer.Ordinal).ToList() : new List<string>();
        }
    }
}
