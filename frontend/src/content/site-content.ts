// The site's editable copy: FAQ and feature cards (testimonials and founders are in people.ts).
// Staff edit this one file; components only read it. "{product}" is replaced with the brand name.
//
// Editing notes for staff:
// - Keep exactly 16 FAQ entries (the home page accordion and the tests expect 16).
// - Keep the FAQ consistent with the Privacy Policy and Terms of Service pages
//   (ages: the Service is for players 13 and over, Finland's age of consent to online
//   services; a younger player through a parent or guardian; accounts under 15 need parental
//   consent; data deletion within one month).

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface FeatureCard {
  title: string;
  description: string;
  icon: 'eye' | 'activity' | 'zap';
  color: 'orange' | 'blue';
}

export const faqEntries: FaqEntry[] = [
  {
    question: 'What is {product}?',
    answer:
      '{product} is an AI basketball shooting coach that lives on your phone. Point the camera at yourself while you shoot and {product} tracks your mechanics (elbow angle, release point, follow-through and balance), compares your makes with your misses, and tells you what to work on next.',
  },
  {
    question: 'Do I need any extra equipment?',
    answer:
      "No. All you need is your phone and a hoop. Prop the phone up or use a simple stand about 3 to 5 metres away, at roughly hip height, so your whole body and the ball's path are in frame. A side-on or 45-degree angle from your shooting hand works best. No sensors, wearables or special cameras are required.",
  },
  {
    question: 'Which phones does {product} work on?',
    answer:
      'iOS and Android are both available at launch, so you can use {product} on an iPhone or an Android phone. Any reasonably recent phone with a working camera will do.',
  },
  {
    question: 'How does {product} learn my shot?',
    answer:
      'Your first session builds a baseline: {product} uses your first 10+ shots to learn how you normally shoot, then spots the patterns that separate your makes from your misses. In the alpha, the baseline analysis needs an internet connection, so make sure you have Wi-Fi or mobile data for that first session.',
  },
  {
    question: 'How does the real-time voice feedback work?',
    answer:
      "After your baseline you choose one focus area, for example elbow alignment, release point or follow-through. While you train, {product} watches every rep and gives you a short spoken cue right after the shot, through the phone's speaker or your headphones, so you never have to stop and look at the screen.",
  },
  {
    question: 'Is {product} right for my level?',
    answer:
      'Yes. {product} is built for players from youth to elite. Younger players get simple, one-thing-at-a-time cues; experienced players get detailed numbers and comparisons they can use to fine-tune a shot that already works.',
  },
  {
    question: 'Is there a minimum age?',
    answer:
      '{product} is for players aged 13 and over. A younger player uses it through a parent or guardian, who signs up with their own details and stays in charge of the data, including the shooting videos. If you are under 15, a parent or guardian must also consent to your account.',
  },
  {
    question: 'How much does {product} cost?',
    answer:
      'Early-access members use the app free during the private launch. We will announce pricing for the public launch well in advance, and you will never be charged unless you choose a paid plan yourself.',
  },
  {
    question: 'How do I join the waitlist, and how do referrals work?',
    answer:
      'Leave your first name and email on our home page. You will see your place on the waitlist and your personal referral link straight away, and we send both to your inbox too. Every friend who joins through your link and confirms their email moves you up the list, so you get access sooner.',
  },
  {
    question: 'What happens to my shooting videos?',
    answer:
      'Your videos are used only to analyse your shot and give you feedback. They are never sold, never shown publicly and never used in marketing without your explicit permission. They travel over encrypted connections, access is limited to the people and service providers who need it to run the analysis, and those providers are bound by data processing agreements. Our Privacy Policy has the details.',
  },
  {
    question: 'How do I delete my data?',
    answer:
      'Ask us through the contact page (or reply to any email from us) and we will delete your account, videos and analysis data within one month, as the GDPR requires. If you only want to stop hearing from us, tell us and we will remove you from our mailing list.',
  },
  {
    question: 'Does {product} work offline?',
    answer:
      'Not fully in the alpha. The baseline analysis needs an internet connection, so plan your first session where you have Wi-Fi or mobile data. Making more of the training work offline, for gyms with poor reception, is on our roadmap.',
  },
  {
    question: 'Which languages does {product} support?',
    answer: 'The alpha coaches in English, both on screen and in the voice feedback. More languages, starting with Finnish, will follow as we grow.',
  },
  {
    question: 'Can coaches and teams use {product}?',
    answer:
      'Yes. Coaches already use {product} with their players, each player on their own account, to spot form problems early and to give every player feedback during shooting drills. Dedicated coach dashboards for following a whole team are on the way.',
  },
  {
    question: 'What features are coming next?',
    answer:
      'Progress tracking, workout planning and coach dashboards come later. Early-access members will try them first, and their feedback decides what we build after that.',
  },
  {
    question: 'Who is behind {product}?',
    answer:
      'A small team of players, coaches and engineers based in Finland. We combine computer vision and sports science with years spent in gyms, and we test every release with real players before it ships.',
  },
];

export const featureCards: FeatureCard[] = [
  {
    title: 'Spot what breaks your shot',
    description: 'Find the patterns breaking your shot using only your phone camera. No extra gear, no sensors, no wearables.',
    icon: 'eye',
    color: 'orange',
  },
  {
    title: 'Form breakdown and visual analysis',
    description: 'See your form broken down frame by frame, with visual comparisons of your makes and misses and clear focus points for what to fix first.',
    icon: 'activity',
    color: 'blue',
  },
  {
    title: 'Real-time voice feedback',
    description: 'Choose a focus area and train with real-time voice feedback on every rep, so you correct your shot while you are still shooting.',
    icon: 'zap',
    color: 'orange',
  },
];
