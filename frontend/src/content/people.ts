// The people the site quotes and introduces: testimonials (home page) and founders (About).
// Plain data, read by the site and by the server, which warns at a production start while
// either list has only samples. "{product}" is replaced with the brand name.
//
// Editing notes for staff:
// - An entry marked `sample: true` is made up: it shows only in development (to see the
//   layout), never to visitors. Add real entries without `sample`, and delete the samples.
// - Testimonials: only real words from real people who agreed to be quoted, with the name
//   and detail they chose. With no real entry the home page invites players to share theirs.
// - Founders: the person's name and role as they want them shown, a description, a photo
//   (a square portrait of at least 256x256 px under frontend/public/team/, e.g.
//   '/team/aino.jpg') and a public profile (e.g. LinkedIn). With no real entry the About page
//   presents the team as a whole.

export interface Testimonial {
  quote: string;
  name: string;
  /** Who they are, e.g. "U16 guard, Espoo". */
  detail: string;
  /** Made up: shown only in development. */
  sample?: boolean;
}

export interface Founder {
  name: string;
  role: string;
  description: string;
  /** The portrait: a path under frontend/public (e.g. '/team/aino.jpg'), or null for an illustration. */
  photo: string | null;
  /** A public profile (https://...), or null to offer the contact page instead. */
  profileUrl: string | null;
  /** Made up: shown only in development. */
  sample?: boolean;
}

export const testimonials: Testimonial[] = [
  {
    quote:
      'I always thought my misses were about my legs. {product} showed my elbow drifts out when I get tired. Two weeks of the voice cues and my free throws feel the same every time.',
    name: 'Aino K.',
    detail: 'Alpha tester, U16 guard, Espoo',
    sample: true,
  },
  {
    quote:
      'I coach twelve kids with one hoop free at a time. Setting a phone on the baseline and letting it call out the follow-through gives every player feedback on every rep.',
    name: 'Mikko L.',
    detail: 'Alpha tester, U14 girls assistant coach, Tampere',
    sample: true,
  },
  {
    quote:
      'The make-versus-miss comparison is the part I did not know I needed. My release point is a few centimetres lower on the misses, and now I can feel it.',
    name: 'Jenna S.',
    detail: 'Alpha tester, forward, Finnish women’s first division',
    sample: true,
  },
  {
    quote: 'No sensors, no sleeve, just the phone I already had. The setup took a minute and the first analysis came back right after my baseline shots.',
    name: 'Oskari P.',
    detail: 'Alpha tester, recreational league shooter, Helsinki',
    sample: true,
  },
];

export const founders: Founder[] = [
  {
    name: 'Co-founder',
    role: 'Chief Executive Officer',
    description:
      'Leads the company, partnerships with clubs and federations, and the roadmap, making sure every feature solves a problem players actually have on the court.',
    photo: null,
    profileUrl: null,
    sample: true,
  },
  {
    name: 'Co-founder',
    role: 'Chief Technology Officer',
    description:
      'Builds the computer-vision and machine-learning engine that reads shooting mechanics from a single phone camera, and keeps the app fast, private and reliable.',
    photo: null,
    profileUrl: null,
    sample: true,
  },
  {
    name: 'Co-founder',
    role: 'Head of Basketball',
    description:
      'Turns coaching experience into the cues, focus areas and drills {product} teaches, and tests every release with youth, amateur and elite players.',
    photo: null,
    profileUrl: null,
    sample: true,
  },
];

/** The entries to show: the real ones, and the samples too where samples may show (development). */
export function shownEntries<T extends { sample?: boolean }>(entries: readonly T[], samplesAllowed: boolean): T[] {
  return entries.filter((entry) => samplesAllowed || !entry.sample);
}

/** True while a list has no real entry (empty, or samples only). */
export function onlySamples(entries: readonly { sample?: boolean }[]): boolean {
  return entries.every((entry) => entry.sample);
}
