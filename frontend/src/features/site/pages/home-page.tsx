import { ClosingCta } from '../components/home/closing-cta';
import { FaqSection } from '../components/home/faq-section';
import { HeroSection } from '../components/home/hero-section';
import { ProductSection } from '../components/home/product-section';
import { TestimonialsSection } from '../components/home/testimonials-section';
import { useHashScroll } from '../hooks/use-hash-scroll';

/** Spec §2 Home: waitlist hero, product, testimonials, FAQ, closing call to action. */
export default function HomePage() {
  useHashScroll();
  return (
    <>
      <HeroSection />
      <ProductSection />
      <TestimonialsSection />
      <FaqSection />
      <ClosingCta />
    </>
  );
}
