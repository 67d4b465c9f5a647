import { clsx } from 'clsx';
import { Activity, Eye, Zap, type LucideIcon } from 'lucide-react';
import type { FeatureCard } from '@/content/site-content';

const icons: Record<FeatureCard['icon'], LucideIcon> = { eye: Eye, activity: Activity, zap: Zap };

export function FeatureIcon({ card, className }: { card: FeatureCard; className?: string }) {
  const Icon = icons[card.icon] ?? Eye;
  return (
    <span
      aria-hidden="true"
      data-color={card.color}
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-xl',
        card.color === 'blue' ? 'bg-accent-soft text-accent' : 'bg-brand-soft text-brand',
        className,
      )}
    >
      <Icon className="size-[55%]" strokeWidth={2.25} />
    </span>
  );
}
