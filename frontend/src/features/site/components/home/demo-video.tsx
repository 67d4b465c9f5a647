import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNearViewport } from '@/hooks/use-in-view';
import { prefersReducedMotion } from '@/lib/motion';

export const DEMO_VIDEO = {
  webm: '/media/demo.webm',
  mp4: '/media/demo.mp4',
  poster: '/media/demo-poster.webp',
} as const;

/** Spec §8: a refused autoplay is only logged. A play() cut short by pause() is no failure. */
function logPlaybackFailure(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  console.warn('Demo video autoplay failed:', error);
}

/**
 * The 9:16 demo clip: autoplaying, looping, muted and inline, with its badge. Nothing is
 * downloaded (not even the poster) until the clip comes near the viewport; it pauses while
 * off-screen. Visitors who prefer reduced motion start on the poster and press play.
 * An autoplay refusal is only logged (spec §8).
 */
export function DemoVideo() {
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const near = useNearViewport(frameRef, '300px 0px');
  const [reducedMotion] = useState(prefersReducedMotion);
  const [playing, setPlaying] = useState(false);
  const userPausedRef = useRef(reducedMotion);

  // Start loading once near the viewport (the <source> elements only exist from then on).
  useEffect(() => {
    const video = videoRef.current;
    if (!near || !video) return;
    video.load();
    if (userPausedRef.current) return;
    video.play().catch(logPlaybackFailure);
  }, [near]);

  // Pause while scrolled away, resume when back (unless the visitor paused it).
  useEffect(() => {
    const video = videoRef.current;
    const frame = frameRef.current;
    if (!near || !video || !frame || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      if (!entry.isIntersecting) {
        if (!video.paused) video.pause();
      } else if (video.paused && !userPausedRef.current) {
        video.play().catch(logPlaybackFailure);
      }
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [near]);

  function togglePlayback() {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) {
      userPausedRef.current = false;
      video.play().catch(logPlaybackFailure);
    } else {
      userPausedRef.current = true;
      video.pause();
    }
  }

  return (
    <div className="relative mx-auto w-full max-w-[18rem] md:max-w-[20rem]">
      <div aria-hidden="true" className="absolute -inset-8 -z-10 rounded-[3rem] bg-gradient-to-tr from-brand-solid/25 via-transparent to-accent/25 blur-2xl" />
      <p
        data-testid="video-badge"
        className="mx-auto mb-5 flex w-fit items-center gap-2 rounded-full bg-brand-solid px-3.5 py-1.5 text-xs font-bold whitespace-nowrap text-on-brand shadow-lg"
      >
        <span aria-hidden="true" className="relative flex size-2">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-on-brand/60 motion-reduce:hidden" />
          <span className="relative inline-flex size-2 rounded-full bg-on-brand" />
        </span>
        <span className="hidden md:inline">Alpha version just dropped!</span>
        <span className="md:hidden">Alpha version coming soon</span>
      </p>
      <div
        ref={frameRef}
        data-testid="demo-video-frame"
        className="relative aspect-[9/16] w-full overflow-hidden rounded-[2.25rem] border-[6px] border-[#111827] bg-[#0b0f19] shadow-[0_30px_80px_-30px_rgb(var(--shadow)/0.6)] ring-1 ring-border"
      >
        <video
          ref={videoRef}
          className="absolute inset-0 size-full object-cover"
          width={720}
          height={1280}
          poster={near ? DEMO_VIDEO.poster : undefined}
          autoPlay={!reducedMotion}
          loop
          muted
          playsInline
          preload="none"
          disablePictureInPicture
          aria-label="Demo: the app analysing a jump shot and giving feedback"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        >
          {near ? (
            <>
              <source src={DEMO_VIDEO.webm} type="video/webm" />
              <source src={DEMO_VIDEO.mp4} type="video/mp4" />
            </>
          ) : null}
        </video>
      </div>
      <div className="mt-4 flex justify-center">
        <button
          type="button"
          onClick={togglePlayback}
          aria-label={playing ? 'Pause demo video' : 'Play demo video'}
          className="inline-flex h-9 items-center gap-2 rounded-full px-3 text-sm font-medium text-muted transition-colors hover:bg-background hover:text-foreground"
        >
          {playing ? <Pause className="size-4" aria-hidden="true" /> : <Play className="size-4" aria-hidden="true" />}
          {playing ? 'Pause demo' : 'Play demo'}
        </button>
      </div>
    </div>
  );
}
