import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { HashLink } from '@/components/ui/hash-link';
import { brandName, withBrand } from '@/lib/brand';
import { AboutFoundersSection } from '../components/about/about-founders-section';
import { AboutStorySection } from '../components/about/about-story-section';
import { AboutValuesSection } from '../components/about/about-values-section';
import { CtaBand, PageIntro } from '../components/content-page-parts';

export function AboutPage() {
  return (
    <>
      <PageIntro
        eyebrow={`About ${brandName}`}
        title="Built by players, for every player"
        lead={withBrand(
          '{product} is a small team of players, coaches and engineers in Finland building the shooting coach we always wished we had: one that watches every rep and tells you exactly what to fix.',
        )}
      />

      <AboutStorySection />

      <AboutFoundersSection />

      <AboutValuesSection />

      <CtaBand
        id="about-cta-heading"
        title="Ready to fix your shot?"
        lead="Get the app, set your phone on the baseline and let your new coach watch every rep."
      >
        <Link to="/contact" className={buttonClasses('primary', 'lg')}>
          Download the App
        </Link>
        <HashLink section="product" className={buttonClasses('secondary', 'lg')}>
          See How It Works
        </HashLink>
      </CtaBand>
    </>
  );
}

export default AboutPage;
