import { ClosingCta } from '@/features/site/components/home/closing-cta';
import { FaqSection } from '@/features/site/components/home/faq-section';
import { HeroSection } from '@/features/site/components/home/hero-section';
import { ProductSection } from '@/features/site/components/home/product-section';
import { TestimonialsSection } from '@/features/site/components/home/testimonials-section';
import { useHashScroll } from '@/features/site/hooks/use-hash-scroll';
import { WaitlistForm } from '@/features/waitlist/components/waitlist-form';

/** Spec §2 Home: waitlist hero, product, testimonials, FAQ, closing call to action. It composes the site and waitlist features, so it lives in app/. */
export default function HomePage() {
  useHashScroll();
  return (
    <>
      <HeroSection waitlistForm={<WaitlistForm sourceTag="homepage-hero" />} />
      <ProductSection />
      <TestimonialsSection />
      <FaqSection />
      <ClosingCta />
    </>
  );
}
