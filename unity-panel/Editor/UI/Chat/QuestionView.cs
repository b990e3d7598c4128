using System;
using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.View;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>The choices of an AskUserQuestion request: option buttons (toggles for multi-select), an "Other" field per question, Send / Dismiss.</summary>
    internal sealed class QuestionView : VisualElement
    {
        private readonly QuestionAnswers answers;
        private readonly Action<PermissionAnswer> send;
        private readonly Action<string> showError;
        private readonly Dictionary<string, TextField> others = new Dictionary<string, TextField>();

        public QuestionView(PermissionPrompt prompt, Action<PermissionAnswer> send, Action<string> showError)
        {
            this.send = send;
            this.showError = showError;
            answers = new QuestionAnswers(prompt.Questions);
            AddToClassList("ap-questions");
            foreach (var question in prompt.Questions) Add(Question(question));
            if (prompt.Questions.Count == 0) Add(ChatUi.Label("Claude asked a question this panel cannot read; Dismiss tells Claude so.", "ap-meta"));
            var row = ChatUi.Box("ap-permission-actions");
            row.Add(ChatUi.Button(answers.SendLabel, "ap-primary", Submit));
            row.Add(ChatUi.Button("Dismiss", "", () => send(PermissionAnswer.Deny(QuestionAnswers.DismissReason))));
            Add(row);
        }

        private VisualElement Question(QuestionItem question)
        {
            var box = ChatUi.Box("ap-question");
            if (!string.IsNullOrEmpty(question.Header)) box.Add(ChatUi.Label(question.Header, "ap-badge"));
            box.Add(ChatUi.Text(question.Question, "ap-question-text"));
            var options = ChatUi.Box("ap-options");
            var buttons = new List<Button>();
            foreach (var option in question.Options)
            {
                var label = option.Label;
                Button button = null;
                button = ChatUi.Button(label, "ap-option", () =>
                {
                    answers.Pick(question, label);
                    if (answers.AnswersOnClick && string.IsNullOrWhiteSpace(others[question.Question].value))
                    {
                        send(PermissionAnswer.AnswerQuestions(answers.Answers()));
                        return;
                    }
                    foreach (var b in buttons) b.EnableInClassList("ap-picked", answers.IsPicked(question.Question, b.text));
                });
                button.tooltip = option.Description ?? "";
                buttons.Add(button);
                options.Add(button);
            }
            box.Add(options);
            var other = new TextField("Other");
            other.AddToClassList("ap-other-field");
            others[question.Question] = other;
            box.Add(other);
            return box;
        }

        private void Submit()
        {
            foreach (var pair in others) answers.SetOther(pair.Key, pair.Value.value);
            var problem = answers.Validate();
            if (problem != null)
            {
                showError(problem);
                return;
            }
            send(PermissionAnswer.AnswerQuestions(answers.Answers()));
        }
    }
}
