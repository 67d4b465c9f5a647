import { ArrowLeft, Handshake, MessageCircleQuestion, Newspaper, type LucideIcon } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { withBrand } from '@/lib/brand';
import { withQueryClient } from '@/lib/query-client';
import { ContactForm } from '../components/contact-form';
import { Eyebrow } from '../components/content-page-parts';

// /contact (spec §2 "Contact"): the topics we answer beside the form (components/contact-form.tsx).

const topics: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: MessageCircleQuestion,
    title: 'Questions and support',
    text: 'Early access, the app, your account or your data: ask us anything.',
  },
  {
    icon: Handshake,
    title: 'Teams, coaches and creators',
    text: "Want to bring {product} to your club, academy or audience? Let's talk.",
  },
  {
    icon: Newspaper,
    title: 'Press',
    text: 'Stories, interviews and media kits for journalists.',
  },
];

/** Back to where the visitor came from, or home when this is the first page of the visit. */
function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx;
    if (typeof index === 'number' && index > 0) navigate(-1);
    else navigate('/');
  };
}

function ContactPage() {
  const goBack = useGoBack();
  return (
    <section className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_24rem_at_20%_-6rem,color-mix(in_oklab,var(--brand-solid)_14%,transparent),transparent),radial-gradient(40rem_20rem_at_95%_10%,color-mix(in_oklab,var(--accent)_10%,transparent),transparent)]"
      />
      <div className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10 sm:pb-24 lg:px-8">
        <Button variant="ghost" size="sm" className="-ml-3" onClick={goBack}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back
        </Button>

        <div className="mt-6 grid gap-10 lg:mt-10 lg:grid-cols-[minmax(0,0.85fr)_minmax(0,1.15fr)] lg:gap-16">
          <div>
            <Eyebrow>Contact</Eyebrow>
            <h1 className="mt-4 font-display text-4xl font-extrabold tracking-tight text-balance text-foreground sm:text-5xl">Contact Us</h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-muted">
              Questions, ideas or feedback? Send us a message and we'll get back to you as soon as possible.
            </p>
            <ul className="mt-8 hidden space-y-5 sm:block">
              {topics.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-4">
                  <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
                    <Icon className="size-5" />
                  </span>
                  <div>
                    <p className="font-semibold text-foreground">{title}</p>
                    <p className="mt-0.5 text-sm text-pretty text-muted">{withBrand(text)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <ContactForm />
        </div>
      </div>
    </section>
  );
}

export default withQueryClient(ContactPage);
