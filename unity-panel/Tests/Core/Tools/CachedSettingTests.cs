using System.Collections.Generic;
using AgentPanel.Core.Tools;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>A setting read on every Editor update asks its store once, and writes through on change.</summary>
    public class CachedSettingTests
    {
        [Test]
        public void ReadsTheStoreOnceHoweverOftenItIsRead()
        {
            var reads = 0;
            var setting = new CachedSetting<int>(() => ++reads * 10, _ => { });
            for (var i = 0; i < 1000; i++) Assert.That(setting.Value, Is.EqualTo(10));
            Assert.That(reads, Is.EqualTo(1));
        }

        [Test]
        public void AWriteGoesToTheStoreAndIsReadBackWithoutAskingIt()
        {
            var store = new Dictionary<string, int> { ["wake"] = 0 };
            var reads = 0;
            var setting = new CachedSetting<int>(() => { reads++; return store["wake"]; }, v => store["wake"] = v);
            Assert.That(setting.Value, Is.EqualTo(0));
            setting.Value = 1;
            Assert.That(store["wake"], Is.EqualTo(1));
            Assert.That(setting.Value, Is.EqualTo(1));
            Assert.That(reads, Is.EqualTo(1));
        }

        [Test]
        public void RefreshReadsAChangeMadeElsewhere()
        {
            var stored = 1;
            var setting = new CachedSetting<int>(() => stored, v => stored = v);
            Assert.That(setting.Value, Is.EqualTo(1));
            stored = 2;
            Assert.That(setting.Value, Is.EqualTo(1), "remembered");
            setting.Refresh();
            Assert.That(setting.Value, Is.EqualTo(2));
        }
    }
}
