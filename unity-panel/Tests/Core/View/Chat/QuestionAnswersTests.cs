using System.Collections.Generic;
using AgentPanel.Core.View;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>QuestionAnswers: picks, multi-select toggles and typed answers become the answers dictionary.</summary>
    public class QuestionAnswersTests
    {
        private static List<QuestionItem> Questions(string json) => QuestionItem.Parse(JObject.Parse(json));

        [Test]
        public void OneSingleChoiceQuestionIsAnsweredByOneClick()
        {
            var qs = Questions("{\"questions\":[{\"question\":\"Q?\",\"options\":[{\"label\":\"A\"},{\"label\":\"B\"}]}]}");
            var answers = new QuestionAnswers(qs);
            Assert.That(answers.AnswersOnClick, Is.True);
            Assert.That(answers.SendLabel, Is.EqualTo("Send other answer"));
            answers.Pick(qs[0], "A");
            answers.Pick(qs[0], "B");
            Assert.That(answers.Answers(), Is.EqualTo(new Dictionary<string, string> { ["Q?"] = "B" }), "a one-choice pick replaces the previous one");
        }

        [Test]
        public void MultiSelectTogglesAndJoinsPicks()
        {
            var qs = Questions("{\"questions\":[{\"question\":\"Which?\",\"multiSelect\":true,\"options\":[{\"label\":\"A\"},{\"label\":\"B\"},{\"label\":\"C\"}]}]}");
            var answers = new QuestionAnswers(qs);
            Assert.That(answers.AnswersOnClick, Is.False);
            answers.Pick(qs[0], "A");
            answers.Pick(qs[0], "C");
            answers.Pick(qs[0], "B");
            answers.Pick(qs[0], "A");
            Assert.That(answers.IsPicked("Which?", "A"), Is.False);
            Assert.That(answers.Answers()["Which?"], Is.EqualTo("C, B"));
        }

        [Test]
        public void TypedOtherTextWinsAndUnansweredQuestionsAreLeftOut()
        {
            var qs = Questions("{\"questions\":[{\"question\":\"One\",\"options\":[{\"label\":\"A\"}]},{\"question\":\"Two\",\"options\":[{\"label\":\"B\"}]}]}");
            var answers = new QuestionAnswers(qs);
            Assert.That(answers.Validate(), Is.Not.Null, "nothing chosen yet");
            answers.Pick(qs[0], "A");
            answers.SetOther("One", "  my own  ");
            Assert.That(answers.Answers(), Is.EqualTo(new Dictionary<string, string> { ["One"] = "my own" }));
            Assert.That(answers.Validate(), Is.Null);
        }
    }
}
