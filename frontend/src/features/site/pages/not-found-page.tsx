import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';

export default function NotFoundPage() {
  const location = useLocation();

  useEffect(() => {
    // A warning, not an error: an unknown address is the visitor's, not a fault of the site.
    console.warn('404: no page at', `${location.pathname}${location.search}${location.hash}`);
  }, [location.pathname, location.search, location.hash]);

  return (
    <section className="relative isolate flex min-h-[70vh] items-center justify-center overflow-hidden px-6 py-24">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-1/2 -z-10 mx-auto h-72 max-w-xl -translate-y-1/2 rounded-full bg-brand-solid/15 blur-3xl"
      />
      <div className="text-center">
        <p className="font-display text-8xl font-extrabold tracking-tight text-brand sm:text-9xl">404</p>
        <h1 className="mt-4 font-display text-3xl font-bold tracking-tight sm:text-4xl">Oops! Page not found</h1>
        <p className="mx-auto mt-4 max-w-md text-lg text-muted text-pretty">
          The page you're looking for doesn't exist or has moved. Let's get you back on the court.
        </p>
        <Link to="/" className={buttonClasses('primary', 'lg', 'mt-10')}>
          <ArrowLeft className="size-5" aria-hidden="true" />
          Return to Home
        </Link>
      </div>
    </section>
  );
}
