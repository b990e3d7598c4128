using System;
using System.Collections.Generic;
using AgentPanel.Core.View;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI.Chat
{
    /// <summary>
    /// The card under a successful compose_mml call (Layout/ComposeCard.uxml): Play/Stop through <see cref="AudioPreview"/>, the
    /// WAV's path and facts, and the piano roll painted with Painter2D from <see cref="PianoRollLayout"/>, one theme colour per channel.
    /// </summary>
    internal sealed class ComposeCardElement : VisualElement
    {
        private static readonly CustomStyleProperty<Color>[] ChannelColors =
        {
            new CustomStyleProperty<Color>("--ap-roll-pulse1"),
            new CustomStyleProperty<Color>("--ap-roll-pulse2"),
            new CustomStyleProperty<Color>("--ap-roll-triangle"),
            new CustomStyleProperty<Color>("--ap-roll-noise"),
        };

        private readonly Color[] colors = { new Color(0.85f, 0.47f, 0.34f), new Color(0.48f, 0.65f, 1f), new Color(0.42f, 0.76f, 0.56f), new Color(0.73f, 0.63f, 0.88f) };
        private readonly Button play;
        private readonly Label status;
        private readonly VisualElement roll;
        private readonly Label notesStatus;
        private Newtonsoft.Json.Linq.JObject notes;

        /// <summary>The WAV this card plays (project-relative).</summary>
        public string WavPath { get; }

        public ComposeCardElement(ComposeResult result)
        {
            WavPath = result.WavPath;
            AddToClassList("ap-compose-host");
            if (!PanelAssets.Clone("ComposeCard", this)) return;
            play = this.Q<Button>("compose-play");
            status = this.Q<Label>("compose-status");
            roll = this.Q("compose-roll");
            this.Q<Label>("compose-path").text = result.WavPath;
            this.Q<Label>("compose-facts").text = result.Facts();
            play.clicked += Toggle;
            play.SetEnabled(result.IsAsset);
            if (!result.IsAsset) Say("The WAV is outside Assets/, so Unity has no AudioClip to play; open it from the file system.");

            notesStatus = this.Q<Label>("compose-notes");
            roll.RegisterCallback<CustomStyleResolvedEvent>(_ => ReadColors());
            roll.generateVisualContent += ctx => Paint(ctx, notes);
            ShowNotes(result.NoteSequence);
            // A long result reaches us as a preview without the notes: the sidecar still has them for WAVs it composed.
            if (result.NoteSequence == null) LoadNotes();
            RegisterCallback<AttachToPanelEvent>(_ => { AudioPreview.Changed += Refresh; Refresh(); });
            RegisterCallback<DetachFromPanelEvent>(_ => AudioPreview.Changed -= Refresh);
        }

        private void ShowNotes(Newtonsoft.Json.Linq.JObject sequence)
        {
            notes = sequence;
            PanelAssets.Show(roll, notes != null);
            roll.tooltip = notes == null ? "" : "Piano roll: time left to right, pitch bottom to top; noise in the bottom lane";
            roll.MarkDirtyRepaint();
        }

        /// <summary>Ask the sidecar for the notes; "Loading notes…" meanwhile, then the roll, or one line saying what went wrong.</summary>
        private async void LoadNotes()
        {
            notesStatus.text = "Loading notes…";
            PanelAssets.Show(notesStatus, true);
            try
            {
                var sequence = await AgentPanel.Editor.Integration.AgentPanelSession.FetchNotesAsync(WavPath);
                PanelAssets.Show(notesStatus, false);
                ShowNotes(sequence);
            }
            catch (Exception e)
            {
                // Never an exception out of the card: the roll is a bonus, the WAV still plays.
                notesStatus.text = "No piano roll: " + (e is AgentPanel.Core.AgentPanelException known ? known.Message : "loading the notes failed (" + e.GetType().Name + "); reopen the chat to try again.");
            }
        }

        private void Toggle()
        {
            if (AudioPreview.Playing == WavPath)
            {
                AudioPreview.Stop();
                return;
            }
            var problem = AudioPreview.Play(WavPath);
            if (problem != null) Say(problem);
            else PanelAssets.Show(status, false);
        }

        private void Refresh()
        {
            var playing = AudioPreview.Playing == WavPath;
            play.text = playing ? "Stop" : "Play";
            play.EnableInClassList("ap-compose__play--playing", playing);
        }

        private void Say(string text)
        {
            status.text = text;
            PanelAssets.Show(status, true);
        }

        private void ReadColors()
        {
            for (var i = 0; i < ChannelColors.Length; i++)
                if (roll.customStyle.TryGetValue(ChannelColors[i], out var color)) colors[i] = color;
            roll.MarkDirtyRepaint();
        }

        private void Paint(MeshGenerationContext ctx, Newtonsoft.Json.Linq.JObject notes)
        {
            var size = roll.contentRect;
            if (notes == null || size.width <= 0 || size.height <= 0) return;
            var painter = ctx.painter2D;
            List<RollRect> rects = PianoRollLayout.Layout(notes, size.width, size.height);
            for (var c = 0; c < PianoRollLayout.Channels.Length; c++)
            {
                painter.fillColor = colors[c];
                painter.BeginPath();
                foreach (var r in rects)
                {
                    if (r.Channel != PianoRollLayout.Channels[c]) continue;
                    var h = Mathf.Max(1f, r.Height - 0.5f);
                    painter.MoveTo(new Vector2(r.X, r.Y));
                    painter.LineTo(new Vector2(r.X + r.Width, r.Y));
                    painter.LineTo(new Vector2(r.X + r.Width, r.Y + h));
                    painter.LineTo(new Vector2(r.X, r.Y + h));
                    painter.ClosePath();
                }
                painter.Fill();
            }
        }
    }
}
