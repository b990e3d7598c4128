using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.View
{
    /// <summary>One option of an AskUserQuestion question.</summary>
    internal sealed class QuestionOption
    {
        public QuestionOption(string label, string description)
        {
            Label = label;
            Description = description;
        }

        public string Label { get; }
        public string Description { get; }
    }

    /// <summary>One question of an AskUserQuestion request (the tool input's `questions`).</summary>
    internal sealed class QuestionItem
    {
        public string Question { get; private set; }
        public string Header { get; private set; }
        public bool MultiSelect { get; private set; }
        public List<QuestionOption> Options { get; } = new List<QuestionOption>();

        /// <summary>The questions of an AskUserQuestion input; malformed entries are skipped.</summary>
        public static List<QuestionItem> Parse(JObject input)
        {
            var result = new List<QuestionItem>();
            if (!(input?["questions"] is JArray questions)) return result;
            foreach (var token in questions)
            {
                if (!(token is JObject q) || q["question"]?.Type != JTokenType.String) continue;
                var item = new QuestionItem { Question = (string)q["question"], Header = q["header"]?.Type == JTokenType.String ? (string)q["header"] : null, MultiSelect = q["multiSelect"]?.Type == JTokenType.Boolean && (bool)q["multiSelect"] };
                if (q["options"] is JArray options)
                {
                    foreach (var o in options)
                    {
                        if (o is JObject opt && opt["label"]?.Type == JTokenType.String) item.Options.Add(new QuestionOption((string)opt["label"], opt["description"]?.Type == JTokenType.String ? (string)opt["description"] : null));
                    }
                }
                result.Add(item);
            }
            return result;
        }
    }

    /// <summary>
    /// The user's choices on a question card: picks per question (toggles when multiSelect), free "Other" text that wins over picks,
    /// and the answers dictionary (several picks joined by ", "). A single one-choice question is answered by one click.
    /// </summary>
    internal sealed class QuestionAnswers
    {
        /// <summary>Sent as the deny reason when the user dismisses the questions.</summary>
        public const string DismissReason = "The user dismissed the question without answering.";

        private readonly List<QuestionItem> questions;
        private readonly Dictionary<string, List<string>> picks = new Dictionary<string, List<string>>();
        private readonly Dictionary<string, string> other = new Dictionary<string, string>();

        public QuestionAnswers(List<QuestionItem> questions)
        {
            this.questions = questions ?? new List<QuestionItem>();
        }

        /// <summary>One click answers the card: one question that allows one choice.</summary>
        public bool AnswersOnClick => questions.Count == 1 && !questions[0].MultiSelect;

        /// <summary>Label of the send button.</summary>
        public string SendLabel => AnswersOnClick ? "Send other answer" : "Send answers";

        public bool IsPicked(string question, string label)
        {
            return picks.TryGetValue(question, out var list) && list.Contains(label);
        }

        /// <summary>Click on an option: toggles it for multiSelect, else replaces the pick.</summary>
        public void Pick(QuestionItem question, string label)
        {
            if (!picks.TryGetValue(question.Question, out var list)) picks[question.Question] = list = new List<string>();
            if (question.MultiSelect)
            {
                if (!list.Remove(label)) list.Add(label);
                return;
            }
            list.Clear();
            list.Add(label);
        }

        public void SetOther(string question, string text)
        {
            other[question] = text ?? "";
        }

        public string Other(string question)
        {
            return other.TryGetValue(question, out var text) ? text : "";
        }

        /// <summary>question → answer for every question with an answer (typed text wins over picks).</summary>
        public Dictionary<string, string> Answers()
        {
            var answers = new Dictionary<string, string>();
            foreach (var q in questions)
            {
                var text = Other(q.Question).Trim();
                var value = text.Length > 0 ? text : picks.TryGetValue(q.Question, out var list) ? string.Join(", ", list) : "";
                if (value.Length > 0) answers[q.Question] = value;
            }
            return answers;
        }

        /// <summary>Null when the answers can be sent, else what the user must do.</summary>
        public string Validate()
        {
            return Answers().Count == 0 ? "Pick an option or type an answer first (or Dismiss)." : null;
        }
    }
}
