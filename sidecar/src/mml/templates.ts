import type { MmlMode } from "./parse.js";

// The eight starting points compose_mml's `template` action hands out, each written in both
// dialects so a model can begin from working MML in the syntax it was asked for.

/** Template names, in the order the tool lists them. */
export const TEMPLATE_NAMES = ["basic", "melody", "chord", "drum", "empty", "expressive_lead", "vibrato_lead", "pitch_motion"] as const;
/** One template name. */
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

interface Template {
  description: string;
  ppmck: string;
  pyxel: string;
}

const TEMPLATES: Record<TemplateName, Template> = {
  basic: {
    description: "Four channels: melody (Pulse1), harmony (Pulse2), bass (Triangle) and a beat (Noise), two bars in C major.",
    ppmck: `#TITLE basic
ABTN t120
A l8 o4 v12 q2 Q7 c d e f g4 e4 | f e d c d2
B l8 o4 v8 q1 Q7 e4 g4 c4 e4 | d4 f4 <b2
T l4 o3 c c g g | f f g2
N l8 v10 q0 c r c c c r c c | c r c c c r c r`,
    pyxel: `0: T120 L8 O4 V100 @1 Q90
   C D E F G4 E4 | F E D C D2
1: T120 L4 O4 V70 @2 Q90
   E G C E | D F < B2
2: T120 L4 O3 V110 @0 Q100
   C C G G | F F G2
3: T120 L8 O4 V80 @3 Q50
   C R C C C R C C | C R C C C R C R`,
  },
  melody: {
    description: "A single melody line on Pulse1 with a rising and falling phrase.",
    ppmck: `#TITLE melody
A t140 l8 o5 v13 q2 Q7
A e d c d e e e4 d d d4 e g g4
A e d c d e e e e d d e d c2`,
    pyxel: `0: T140 L8 O5 V110 @1 Q85
   E D C D E E E4 D D D4 E G G4
   E D C D E E E E D D E D C2`,
  },
  chord: {
    description: "A I–V–vi–IV progression voiced across both pulses and the triangle.",
    ppmck: `#TITLE chord
ABT t100
A l2 o4 v10 q2 e d e f
B l2 o4 v9 q1 c <b> c c
T l2 o3 c g a f`,
    pyxel: `0: T100 L2 O4 V90 @1 E D E F
1: T100 L2 O4 V80 @2 C < B > C C
2: T100 L2 O3 V110 @0 C G A F`,
  },
  drum: {
    description: "A one-bar drum loop on the noise channel: long-mode kick and snare, short-mode hi-hat.",
    ppmck: `#TITLE drum
@v1 = { 15 12 9 6 3 0 }
N t120 l16 @v1 [q0 o2 c8 q1 o6 c c q0 o4 g8 q1 o6 c c]2`,
    pyxel: `3: T120 L16 V120 @ENV1 { 127, 12, 0 }
   [@3 O2 C8 @4 O6 C C @3 O4 G8 @4 O6 C C]2`,
  },
  empty: {
    description: "All four channels declared with tempo and defaults, and no notes yet.",
    ppmck: `#TITLE empty
ABTN t120 l8
A o4 v12 q2
B o4 v10 q1
T o3
N v10 q0`,
    pyxel: `0: T120 L8 O4 V100 @1
1: T120 L8 O4 V80 @2
2: T120 L8 O3 V110 @0
3: T120 L8 O4 V80 @3`,
  },
  expressive_lead: {
    description: "A lead with a volume envelope (attack and decay), slurs and dynamics.",
    ppmck: `#TITLE expressive_lead
@v1 = { 6 10 13 15 14 13 12 | 11 }
A t110 l8 o4 q2 @v1 c4 e g > c4. < b&a g4 | v9 e f g2
T t110 l4 o3 c e f g`,
    pyxel: `0: T110 L8 O4 @1 V110 @ENV1 { 40, 6, 127, 18, 90 }
   C4 E G > C4. < B&A G4 | V70 E F G2
2: T110 L4 O3 @0 V110 C E F G`,
  },
  vibrato_lead: {
    description: "A long-note lead with delayed vibrato.",
    ppmck: `#TITLE vibrato_lead
@MP1 = { 12, 6, 40 }
A t90 l4 o5 v12 q2 MP1 e2 d c2. r4 MPOF c1`,
    pyxel: `0: T90 L4 O5 V100 @1 @VIB1 { 24, 12, 40 }
   E2 D C2. R @VIB0 C1`,
  },
  pitch_motion: {
    description: "Pitch glides: a fixed upward scoop on each note, then automatic slides from note to note.",
    ppmck: `#TITLE pitch_motion
@GL1 = { -300, 12 }
@GL2 = { *, * }
A t120 l4 o4 v12 q1 GL1 c e g r GL2 c > c < g c GLOF c1`,
    pyxel: `0: T120 L4 O4 V100 @1 @GLI1 { -300, 12 }
   C E G R @GLI2 { *, * } C > C < G C @GLI0 C1`,
  },
};

/** The template's MML in the given dialect and its description. */
export function template(name: TemplateName, mode: MmlMode): { mml: string; description: string } {
  const t = TEMPLATES[name];
  return { mml: t[mode], description: t.description };
}
