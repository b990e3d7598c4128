using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.View;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>AlwaysMenu: one "Always ▾" button with the suggested scopes in a menu, or one button acting at once for a single suggestion.</summary>
    public class AlwaysMenuTests
    {
        private const string BashRule = "{\"type\":\"addRules\",\"rules\":[{\"toolName\":\"Bash\",\"ruleContent\":\"npm test:*\"}],\"behavior\":\"allow\",\"destination\":\"localSettings\"}";
        private const string AcceptEdits = "{\"type\":\"setMode\",\"mode\":\"acceptEdits\",\"destination\":\"session\"}";

        private static List<AlwaysChoice> Choices(params string[] suggestions)
        {
            var request = Ev.Ask("t", "r1");
            request.Suggestions = suggestions.Select(JObject.Parse).ToList();
            return PermissionPrompt.AlwaysChoices(request);
        }

        [Test]
        public void NoSuggestionMeansNoAlwaysButton()
        {
            Assert.That(AlwaysMenu.Of(Choices()), Is.Null);
            Assert.That(AlwaysMenu.Of(null), Is.Null);
        }

        [Test]
        public void ASingleSuggestionActsAtOnceAndSaysWhatItDoes()
        {
            var menu = AlwaysMenu.Of(Choices(BashRule));
            Assert.That(menu.OpensMenu, Is.False);
            Assert.That(menu.Direct.Indexes, Is.EqualTo(new[] { 0 }));
            Assert.That(menu.ButtonText, Is.EqualTo("Always: allow Bash(npm test:*) in this project (local settings)"));
            Assert.That(menu.Tooltip, Does.Contain("Always allow Bash(npm test:*) in this project (local settings)"));
            Assert.That(menu.Items, Is.Empty);
        }

        [Test]
        public void ASingleModeSuggestionKeepsItsWording()
        {
            var menu = AlwaysMenu.Of(Choices(AcceptEdits));
            Assert.That(menu.ButtonText, Is.EqualTo("Always: switch to “Accept edits” mode for this session"));
        }

        [Test]
        public void SeveralSuggestionsOpenAMenuWithAllOfTheAbove()
        {
            var menu = AlwaysMenu.Of(Choices(BashRule, AcceptEdits));
            Assert.That(menu.OpensMenu, Is.True);
            Assert.That(menu.ButtonText, Is.EqualTo("Always ▾"));
            Assert.That(menu.Direct, Is.Null);
            Assert.That(menu.Items.Select(i => i.Text), Is.EqualTo(new[]
            {
                "Always allow Bash(npm test:*) in this project (local settings)",
                "Switch to “Accept edits” mode for this session",
                "All of the above",
            }));
            Assert.That(menu.Items[1].Indexes, Is.EqualTo(new[] { 1 }));
            Assert.That(menu.Items[2].Indexes, Is.Null, "null sends every suggestion");
        }

        [Test]
        public void ALongSingleSuggestionIsShortenedOnTheButtonButWholeInTheTooltip()
        {
            var command = new string('x', 200);
            var menu = AlwaysMenu.Of(Choices("{\"type\":\"addRules\",\"rules\":[{\"toolName\":\"Bash\",\"ruleContent\":\"" + command + "\"}],\"behavior\":\"allow\"}"));
            Assert.That(menu.ButtonText.Length, Is.EqualTo(AlwaysMenu.MaxButtonChars));
            Assert.That(menu.ButtonText, Does.EndWith("…"));
            Assert.That(menu.Tooltip, Does.Contain(command));
        }

        [Test]
        public void MenuEntriesHaveNoSlashSoTheyDoNotBecomeSubmenus()
        {
            Assert.That(AlwaysMenu.ItemText("Allow access to /tmp/build"), Is.EqualTo("Allow access to \u2215tmp\u2215build"));
            Assert.That(AlwaysMenu.ItemText(new string('y', 300)).Length, Is.EqualTo(AlwaysMenu.MaxItemChars));
            Assert.That(AlwaysMenu.ItemText(null), Is.EqualTo(""));
        }
    }
}
