import { FocusArea } from './coach-context';

export interface Drill {
  name: string;
  area: FocusArea;
  /** What to do, in one or two sentences, with sets and reps. */
  how: string;
  /** What to feel for: the cue that ties the drill to the fix. */
  cue: string;
  /** About how long one round takes. */
  minutes: number;
  /** Whether it needs a partner, a hoop and a ball (a drill for "alone", "no hoop nearby" or "no ball" needs none of them). */
  partner: boolean;
  hoop: boolean;
  ball?: false;
}

/** The built-in coach's library: two or three concrete drills per area, the first the one to start with. */
export const DRILLS: Drill[] = [
  {
    name: 'Catch-and-shoot rhythm drill',
    area: 'release',
    how: 'From 2-3 metres, catch a pass (or a self-toss) and shoot in one motion: 5 sets of 10, counting "one-two" from catch to release.',
    cue: 'the ball goes straight from the catch to your set point, with no extra dip or hold',
    minutes: 10,
    partner: false,
    hoop: true,
  },
  {
    name: 'One-motion form shooting',
    area: 'release',
    how: 'Start close to the rim with the ball at your shooting pocket and shoot without stopping at the top: 3 sets of 10, then step back one metre.',
    cue: 'legs and arm rise together, so the ball is gone as your legs finish',
    minutes: 10,
    partner: false,
    hoop: true,
  },
  {
    name: 'Quick-release beat-the-clock',
    area: 'release',
    how: 'A partner claps right after you catch; get the shot off before the second clap. 4 rounds of 8 shots from your favourite spots.',
    cue: 'a shorter path from the catch to the release, not a rushed arm',
    minutes: 10,
    partner: true,
    hoop: true,
  },
  {
    name: 'Wall shooting',
    area: 'elbow',
    how: "Stand an arm's length from a wall, shooting arm beside it, and shoot up the wall: 3 sets of 15 reps.",
    cue: 'the elbow stays under the ball and points at the target',
    minutes: 5,
    partner: false,
    hoop: false,
  },
  {
    name: 'One-hand form shooting',
    area: 'elbow',
    how: 'One hand only, close to the rim, guide hand behind your back: 3 sets of 10 makes before moving back a step.',
    cue: 'the ball sits on the finger pads with the elbow lined up under it',
    minutes: 10,
    partner: false,
    hoop: true,
  },
  {
    name: 'Hold-the-finish form shots',
    area: 'followThrough',
    how: 'Close to the rim, shoot and freeze your follow-through until the ball hits the floor: 3 sets of 10.',
    cue: 'wrist relaxed and fingers pointing at the rim ("reach into the cookie jar")',
    minutes: 8,
    partner: false,
    hoop: true,
  },
  {
    name: 'Lying-down flick drill',
    area: 'followThrough',
    how: 'On your back, shoot the ball straight up with your shooting hand only and catch it: 3 sets of 20.',
    cue: 'a full wrist snap that sends the ball straight up with backspin',
    minutes: 5,
    partner: false,
    hoop: false,
  },
  {
    name: 'Hop-and-hold landing drill',
    area: 'balance',
    how: 'Hop into a square stance, shoot, and hold your landing for two seconds: 2 sets of 10 from the elbows of the key.',
    cue: 'land on the spot you took off from, chest tall',
    minutes: 8,
    partner: false,
    hoop: true,
  },
  {
    name: 'Feet-set form shooting',
    area: 'balance',
    how: 'Set your feet shoulder-width, shooting foot slightly ahead, and shoot 5 shots from each of 5 spots without moving your feet.',
    cue: 'weight on the balls of your feet, knees bent the same every time',
    minutes: 10,
    partner: false,
    hoop: true,
  },
  {
    name: 'High-arc over-the-hand drill',
    area: 'arc',
    how: 'A partner holds a hand (or a broom) up a step in front of you; shoot over it from 3 metres: 4 sets of 10.',
    cue: 'release up, not out: the ball should drop into the rim from above',
    minutes: 10,
    partner: true,
    hoop: true,
  },
  {
    name: 'Rainbow shots',
    area: 'arc',
    how: 'From the free-throw line, shoot with an exaggerated high arc: 3 sets of 10, then 10 normal shots keeping some of that height.',
    cue: 'the ball peaks well above the top of the backboard square',
    minutes: 10,
    partner: false,
    hoop: true,
  },
  {
    name: 'Catch-to-set-point reps',
    area: 'release',
    how: 'No hoop needed: toss the ball to yourself, catch it on the hop and bring it straight to your set point in one count: 3 sets of 15, in front of a mirror or your phone camera.',
    cue: 'one count from the catch to the set point, no dip below the waist',
    minutes: 5,
    partner: false,
    hoop: false,
  },
  {
    name: 'Wall-target arc shots',
    area: 'arc',
    how: 'No hoop needed: tape a mark high on a wall, step back 3 metres and shoot so the ball peaks above the mark: 3 sets of 15.',
    cue: 'push the ball up, not out, and finish with your hand high',
    minutes: 5,
    partner: false,
    hoop: false,
  },
  {
    name: 'Mirror shadow shots',
    area: 'elbow',
    how: 'No ball needed: in front of a mirror, rise into your shot with your hand where the ball would be and freeze at the set point: 3 sets of 15.',
    cue: 'the elbow under your hand, pointing at the mirror',
    minutes: 5,
    partner: false,
    hoop: false,
    ball: false,
  },
  {
    name: 'Shadow follow-through holds',
    area: 'followThrough',
    how: 'No ball needed: shoot an imaginary ball and hold the finish for a slow count of three: 3 sets of 15.',
    cue: 'wrist relaxed, fingers pointing at the rim until the count ends',
    minutes: 5,
    partner: false,
    hoop: false,
    ball: false,
  },
  {
    name: 'Jump-and-stick landings',
    area: 'balance',
    how: 'No hoop needed: from a square stance, jump as you would to shoot and land on the same spot, holding the landing for two seconds: 3 sets of 10.',
    cue: 'take off and land on the same spot, chest tall',
    minutes: 5,
    partner: false,
    hoop: false,
    ball: false,
  },
];

export function drillsFor(area: FocusArea): Drill[] {
  return DRILLS.filter((d) => d.area === area);
}
