import { withBrand } from '@/lib/brand';

// Placeholder: the chat work builds the AI coach conversation (typed-out replies, input lock)
// here. It is only ever loaded by the feedback pages, never by the marketing pages.
export function CoachChat() {
  return (
    <section aria-label={withBrand('Chat with {product}')} className="rounded-2xl border border-border p-6 text-center">
      <h2 className="font-display text-xl font-bold">{withBrand('Ask {product}')}</h2>
      <p className="mt-2 text-muted">Coming soon.</p>
    </section>
  );
}
