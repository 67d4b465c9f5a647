import { clsx } from 'clsx';

/** The coach's face in the chat: the brand's mark (the product is the coach). */
export function CoachAvatar({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={clsx('flex shrink-0 items-center justify-center rounded-full bg-brand-soft', className)}>
      <img src="/brand/logo-fallback.svg" alt="" width={20} height={20} className="size-[70%]" />
    </span>
  );
}
