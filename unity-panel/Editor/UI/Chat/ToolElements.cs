using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>
    /// A tool call: ⏳/✓/✗, name, one-line summary, how its permission went ("Allowed by you": the settled request is folded in here
    /// instead of keeping a card of its own), duration; input, result and the whole permission line behind the expander.
    /// </summary>
    internal sealed class ToolElement : CardElement
    {
        private Expander expander;
        private Label icon;
        private Label nameLabel;
        private Label summary;
        private Label duration;
        private Label permission;
        private ToolLine line;
        private string rawSummary;
        private System.Collections.Generic.List<AgentPanel.Core.Protocol.ToolImage> images;
        private ComposeCardElement compose;

        public ToolElement(ChatContext context) : base(context, "ap-card-tool") { }

        public override void Bind(Card card)
        {
            var tool = (ToolCard)card;
            if (expander == null)
            {
                expander = new Expander(card.Key, Context.OpenKeys, "ap-tool");
                var labels = expander.AddHeaderLabels("ap-tool-icon", "ap-tool-name", "ap-summary", "ap-permission-tag", "ap-duration");
                icon = labels[0];
                nameLabel = labels[1];
                summary = labels[2];
                permission = labels[3];
                duration = labels[4];
                Add(expander);
            }
            line = ToolLine.Of(tool, Context.Awaiting.Contains(tool.ToolUseId));
            permission.text = line.PermissionTag ?? "";
            PanelAssets.Show(permission, line.PermissionTag != null);
            permission.EnableInClassList("ap-permission-denied", line.PermissionOutcome == AgentPanel.Core.Protocol.PermissionResolvedEvent.Denied);
            rawSummary = tool.Summary;
            images = tool.Images;
            SetIcon(this, icon, line.Icon, line.IconText, line.StatusLabel);
            nameLabel.text = line.Name;
            summary.text = line.Summary;
            summary.tooltip = line.Tooltip ?? "";
            duration.text = line.Duration;
            expander.SetBody(Fill);
            BindCompose(ComposeResult.Of(tool));
        }

        /// <summary>A compose_mml result gets its player and piano roll under the tool line, outside the expander.</summary>
        private void BindCompose(ComposeResult result)
        {
            if (compose != null && (result == null || compose.WavPath != result.WavPath))
            {
                compose.RemoveFromHierarchy();
                compose = null;
            }
            if (result == null || compose != null) return;
            compose = new ComposeCardElement(result);
            Add(compose);
        }

        private void Fill(VisualElement body)
        {
            var links = ChatUi.AssetButtons(rawSummary);
            if (links != null) body.Add(links);
            body.Add(ChatUi.Label("Input", "ap-section-label"));
            body.Add(ChatUi.Text(line.Input, "ap-pre ap-mono"));
            if (line.Result != null)
            {
                body.Add(ChatUi.Label(line.ResultLabel, "ap-section-label"));
                body.Add(ChatUi.Text(line.Result, "ap-pre ap-mono" + (line.ResultLabel == "Error" ? " ap-error" : "")));
            }
            if (images != null) foreach (var image in images) ToolPictures.Add(body, image.MediaType, image.Data);
            if (line.Decision != null) body.Add(ChatUi.Label(line.Decision, "ap-meta"));
        }

        /// <summary>Icon text plus a state class (ap-state-running / awaiting / succeeded / failed) on the card.</summary>
        public static void SetIcon(VisualElement card, Label icon, ToolIcon state, string text, string tooltip)
        {
            icon.text = text;
            icon.tooltip = tooltip;
            card.EnableInClassList("ap-state-running", state == ToolIcon.Running);
            card.EnableInClassList("ap-state-awaiting", state == ToolIcon.Awaiting);
            card.EnableInClassList("ap-state-succeeded", state == ToolIcon.Succeeded);
            card.EnableInClassList("ap-state-failed", state == ToolIcon.Failed);
        }
    }

    /// <summary>Three or more consecutive tool calls as one line ("5 tools · Read, Edit, Bash"); the calls themselves on expand.</summary>
    internal sealed class ToolGroupElement : CardElement
    {
        private Expander expander;
        private Label icon;
        private Label title;
        private Label detail;
        private Label duration;
        private ToolGroupCard group;

        public ToolGroupElement(ChatContext context) : base(context, "ap-card-group") { }

        public override void Bind(Card card)
        {
            group = (ToolGroupCard)card;
            if (expander == null)
            {
                expander = new Expander(card.Key, Context.OpenKeys, "ap-group");
                var labels = expander.AddHeaderLabels("ap-tool-icon", "ap-group-title", "ap-meta", "ap-duration");
                icon = labels[0];
                title = labels[1];
                detail = labels[2];
                duration = labels[3];
                Add(expander);
            }
            var line = ToolGroupLine.Of(group, Context.Awaiting);
            ToolElement.SetIcon(this, icon, line.Icon, line.IconText, ToolLine.LabelOf(line.Icon));
            title.text = line.Title;
            detail.text = line.Detail;
            duration.text = line.Duration;
            expander.SetBody(Fill);
        }

        private void Fill(VisualElement body)
        {
            foreach (var tool in group.Tools)
            {
                var element = new ToolElement(Context);
                element.Bind(tool);
                body.Add(element);
            }
        }
    }
}
