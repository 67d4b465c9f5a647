import { useEffect, type RefObject } from 'react';

export const BACKGROUND_VIDEO = {
  webm: '/media/demo.webm',
  mp4: '/media/demo.mp4',
  poster: '/media/demo-poster.webp',
} as const;

/** Spec §8: a refused autoplay is only logged. A play() cut short by pause() is no failure. */
function logAutoplayFailure(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  console.warn('Background video autoplay failed:', error);
}

/** Plays a paused video, pauses a playing one. */
export function toggleVideo(video: HTMLVideoElement | null): void {
  if (!video) return;
  if (video.paused) video.play().catch(logAutoplayFailure);
  else video.pause();
}

/**
 * The full-screen, looping, muted background clip of /shotanalysis. It starts by itself
 * unless `autoPlay` is false (visitors who prefer reduced motion start on the poster).
 */
export function BackgroundVideo({
  videoRef,
  autoPlay,
  onPlayingChange,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  autoPlay: boolean;
  onPlayingChange: (playing: boolean) => void;
}) {
  useEffect(() => {
    const video = videoRef.current;
    // The `autoPlay` attribute starts it silently; asking explicitly surfaces a refusal so it
    // can be logged.
    if (video && autoPlay) video.play().catch(logAutoplayFailure);
  }, [videoRef, autoPlay]);

  return (
    <div aria-hidden="true" className="absolute inset-0 overflow-hidden bg-[#0b0f19]">
      {/* A blurred copy of the poster where the upright clip doesn't reach. A CSS background,
          not an <img>: it covers the whole screen, and Chrome never takes such an element as
          the largest contentful paint. */}
      <div className="absolute inset-0 scale-110 bg-cover bg-center opacity-70 blur-2xl" style={{ backgroundImage: `url(${BACKGROUND_VIDEO.poster})` }} />
      {/* The poster frame as an image where the clip will play: the first paint's content (the
          page's largest contentful paint, preloaded by the server's head), whether the poster or
          the clip's first frame reaches the video first. */}
      <img src={BACKGROUND_VIDEO.poster} alt="" fetchPriority="high" className="absolute inset-0 size-full object-contain object-top lg:object-right" />
      <video
        ref={videoRef}
        data-testid="background-video"
        className="relative size-full object-contain object-top lg:object-right"
        poster={BACKGROUND_VIDEO.poster}
        autoPlay={autoPlay}
        loop
        muted
        playsInline
        preload="auto"
        disablePictureInPicture
        tabIndex={-1}
        onPlay={() => onPlayingChange(true)}
        onPause={() => onPlayingChange(false)}
      >
        <source src={BACKGROUND_VIDEO.webm} type="video/webm" />
        <source src={BACKGROUND_VIDEO.mp4} type="video/mp4" />
      </video>
      {/* Depth behind the panel: from below on phones, from the left where it sits on wide screens. */}
      <div className="absolute inset-0 bg-gradient-to-t from-black/60 via-black/10 to-transparent lg:bg-gradient-to-r lg:from-black/55 lg:via-black/10" />
    </div>
  );
}
