import { Check, Compass, Globe2, MapPin, Target, TrendingUp, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { HashLink } from '@/components/ui/hash-link';
import { brandName, withBrand } from '@/lib/brand';
import { CtaBand, PageIntro } from '../components/content-page-parts';
import { useHashScroll } from '../hooks/use-hash-scroll';

interface VisionChapter {
  id: string;
  icon: LucideIcon;
  tone: 'brand' | 'accent';
  title: string;
  body: ReactNode;
}

const chapters: VisionChapter[] = [
  {
    id: 'why-shooting-form-matters',
    icon: Target,
    tone: 'brand',
    title: 'Why shooting form matters',
    body: (
      <>
        <p>
          Shooting is the skill players repeat more than any other, and the one that decides more games than any other. The best shooters are not the ones with
          the prettiest form: they are the ones whose form is the same every single time.
        </p>
        <p>
          Small flaws compound. An elbow that drifts a few centimetres, a release that drops when your legs get tired, a follow-through that stops short: each
          one turns a make into a miss. Practice does not make perfect; it makes permanent. Without feedback, a thousand shots a week can just as easily groove
          the mistake as fix it.
        </p>
      </>
    ),
  },
  {
    id: 'democratising-elite-coaching',
    icon: Globe2,
    tone: 'accent',
    title: 'Democratising elite coaching',
    body: (
      <>
        <p>
          Professional players have shooting coaches, video analysts and biomechanics labs. Most players have an empty gym, a ball and whatever they can
          remember from last week&apos;s practice. Even great team coaches can only watch one player at a time.
        </p>
        <p>
          {withBrand(
            'We believe the eye of an expert shooting coach should not depend on where you live or what your club can afford. {product} turns the phone you already own into that eye: it watches every rep, compares your makes with your misses, and tells you the one thing to focus on next.',
          )}
        </p>
      </>
    ),
  },
  {
    id: 'from-youth-to-elite',
    icon: TrendingUp,
    tone: 'brand',
    title: 'From youth to elite',
    body: (
      <>
        <p>
          {withBrand(
            'A twelve-year-old building habits, a high-school guard stuck on a plateau and a professional fine-tuning consistency under fatigue all need the same thing: honest feedback on every shot. {product} adapts to each of them.',
          )}
        </p>
        <ul className="space-y-3">
          {[
            'Young players get simple, one-thing-at-a-time cues that build good habits early.',
            'Developing players see what separates their makes from their misses and break through plateaus.',
            'Elite players get precise mechanics data to keep their shot identical deep into a game.',
          ].map((item) => (
            <li key={item} className="flex gap-3">
              <Check className="mt-1 size-5 shrink-0 text-brand" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </>
    ),
  },
  {
    id: 'built-in-finland',
    icon: MapPin,
    tone: 'accent',
    title: 'Built in Finland',
    body: (
      <>
        <p>
          {withBrand(
            '{product} is built by a team based in Finland, a country of long winters, busy gyms and a basketball community that has grown fast. We test every release with Finnish players and coaches at every level, and their feedback shapes what we build.',
          )}
        </p>
        <p>
          Finland also gave us high standards for privacy and trust. We handle your videos the way we would want our own handled: under the GDPR, used only to
          coach you, and deleted when you ask.
        </p>
      </>
    ),
  },
  {
    id: 'whats-next',
    icon: Compass,
    tone: 'brand',
    title: "What's next",
    body: (
      <>
        <p>
          {withBrand(
            'The alpha is just the start. Early-access members use the app free during the private launch, on iOS and Android, and help us decide what comes next.',
          )}
        </p>
        <p>
          Progress tracking, workout planning and coach dashboards come later, so you can see your form improve over a season, follow a plan built around your
          shot, and let your coach follow the whole team. Our goal is simple: a world where every player who wants to become a great shooter has a coach
          watching every rep.
        </p>
      </>
    ),
  },
];

function ChapterIcon({ icon: Icon, tone }: { icon: LucideIcon; tone: VisionChapter['tone'] }) {
  return (
    <span
      className={
        tone === 'brand'
          ? 'flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-soft text-brand'
          : 'flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent-soft text-accent'
      }
    >
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}

export function OurVisionPage() {
  // Deep links such as /our-vision#built-in-finland: scroll once the lazily loaded page is rendered.
  useHashScroll();

  return (
    <>
      <PageIntro
        eyebrow="Our Vision"
        title="An elite shooting coach in every player's pocket"
        lead={withBrand(
          'Great shooters are made rep by rep, with feedback on every one. {product} exists so that every player, from their first team to the pros, can train that way.',
        )}
      >
        <nav aria-label="On this page" className="mt-10">
          <ul className="flex flex-wrap justify-center gap-2">
            {chapters.map((chapter) => (
              <li key={chapter.id}>
                <a
                  href={`#${chapter.id}`}
                  className="inline-flex items-center rounded-full border border-border bg-elevated px-4 py-2 text-sm font-medium text-foreground transition-colors hover:border-border-strong"
                >
                  {chapter.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageIntro>

      <div className="bg-background">
        <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
          <ol className="space-y-16 sm:space-y-20">
            {chapters.map((chapter, index) => (
              <li key={chapter.id}>
                <section aria-labelledby={chapter.id} className="grid gap-6 md:grid-cols-[14rem_1fr] md:gap-12">
                  <div className="flex items-center gap-4 md:flex-col md:items-start">
                    <ChapterIcon icon={chapter.icon} tone={chapter.tone} />
                    <p className="font-display text-sm font-semibold tracking-wider text-muted uppercase">
                      {String(index + 1).padStart(2, '0')} / {String(chapters.length).padStart(2, '0')}
                    </p>
                  </div>
                  <div>
                    <h2 id={chapter.id} className="scroll-mt-24 font-display text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
                      {chapter.title}
                    </h2>
                    <div className="mt-5 space-y-5 text-lg text-pretty text-muted">{chapter.body}</div>
                  </div>
                </section>
              </li>
            ))}
          </ol>

          <figure className="mt-20 rounded-3xl border border-border bg-surface px-6 py-10 text-center sm:px-12">
            <blockquote className="font-display text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl">
              &ldquo;Every player deserves a coach who watches every shot.&rdquo;
            </blockquote>
            <figcaption className="mt-4 text-sm font-semibold text-brand">The {brandName} team</figcaption>
          </figure>
        </div>
      </div>

      <CtaBand
        id="vision-cta-heading"
        title="Be part of what's next"
        lead="Download the alpha, see how it works, or tell us what you would like your coach to do."
      >
        <Link to="/download/our-vision" className={buttonClasses('primary', 'lg')}>
          Download the App
        </Link>
        <HashLink section="product" className={buttonClasses('secondary', 'lg')}>
          See How It Works
        </HashLink>
        <Link to="/contact" className={buttonClasses('ghost', 'lg')}>
          Contact Us
        </Link>
      </CtaBand>
    </>
  );
}

export default OurVisionPage;
