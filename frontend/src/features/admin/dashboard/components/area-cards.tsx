import { clsx } from 'clsx';
import {
  ArrowRight,
  ChartColumn,
  FileText,
  Gift,
  History,
  KeyRound,
  Mail,
  Megaphone,
  Send,
  ShieldCheck,
  Ticket,
  UserCog,
  Users,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useStaffAccess, type StaffPermission } from '@/features/admin/shell/lib/staff-access';

// The dashboard's cards (spec §2 "Admin dashboard"): one to each admin area the signed-in role
// can open.

interface AreaCard {
  title: string;
  description: string;
  icon: LucideIcon;
  permission: StaffPermission;
  to?: string;
  /** A page the server renders (not part of this app): a full page load. */
  href?: string;
}

const areas: AreaCard[] = [
  {
    title: 'Waitlist',
    permission: 'waitlist',
    description: 'Everyone on the list in position order, with their status; search and export.',
    icon: Users,
    to: '/admin/waitlist',
  },
  {
    title: 'Announcements',
    permission: 'announcements',
    description: 'Email the waitlist the launch and other news, with a preview and a test to yourself.',
    icon: Send,
    to: '/admin/broadcasts',
  },
  {
    title: 'Rewards',
    permission: 'announcements',
    description: 'Thank members who bring friends: an early-access code or a thank-you email at the numbers of friends you choose.',
    icon: Gift,
    to: '/admin/rewards',
  },
  {
    title: 'Early Access Management',
    permission: 'codes',
    description: 'Open or close early access and hand out personal access codes.',
    icon: Ticket,
    to: '/admin/early-access',
  },
  {
    title: 'Creator Codes',
    permission: 'codes',
    description: 'Promo codes for creators and influencers, with their usage.',
    icon: Megaphone,
    to: '/admin/creator-codes',
  },
  {
    title: 'Resource Management',
    permission: 'resources',
    description: 'Write, publish and feature resource articles.',
    icon: FileText,
    to: '/admin/resources',
  },
  {
    title: 'User Analytics',
    permission: 'report',
    description: 'Downloads and sign-ups by source, platform and creator code.',
    icon: ChartColumn,
    to: '/admin/analytics',
  },
  {
    title: 'Mail Log',
    permission: 'mail-log',
    description: 'Every email the platform sent, with a preview; resend failed ones.',
    icon: Mail,
    to: '/admin/emails',
  },
  {
    title: 'Privacy',
    permission: 'privacy',
    description: 'Look a person up, download what we hold, erase them; the suppression list.',
    icon: ShieldCheck,
    to: '/admin/privacy',
  },
  {
    title: 'Queue Dashboard',
    permission: 'queues',
    description: 'Background jobs: waiting, active, completed and failed.',
    icon: Workflow,
    href: '/admin/queues',
  },
  {
    title: 'Staff',
    permission: 'staff',
    description: 'Who works in the admin and with which role; invite someone, change a role, remove an account.',
    icon: UserCog,
    to: '/admin/staff',
  },
  {
    title: 'Audit Log',
    permission: 'audit',
    description: 'Who did what in the admin, and when: each staff member’s actions, newest first.',
    icon: History,
    to: '/admin/audit',
  },
  {
    title: 'Integrations',
    permission: 'integrations',
    description:
      'API keys that let other systems read or add the waitlist’s members, and webhooks that tell them when members join, confirm, unsubscribe or are erased.',
    icon: KeyRound,
    to: '/admin/integrations',
  },
];

/** Areas still to come (none today: the card shows with a 'Coming Soon' badge when there is one). */
const comingSoon: AreaCard[] = [];

const cardClasses = 'group flex h-full flex-col rounded-2xl border border-border bg-elevated p-5 shadow-sm transition-colors sm:p-6';

// Every card opens its area in this tab (the queue dashboard too, though the server renders it).
const goArrow = <ArrowRight className="size-4 text-muted transition-transform group-hover:translate-x-0.5" aria-hidden="true" />;

function CardBody({ card, suffix }: { card: AreaCard; suffix?: ReactNode }) {
  const Icon = card.icon;
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand">
          <Icon className="size-5" />
        </span>
        {suffix}
      </div>
      <h2 className="mt-4 text-lg font-semibold text-foreground">{card.title}</h2>
      <p className="mt-1 text-sm text-pretty text-muted">{card.description}</p>
    </>
  );
}

/** The grid of area cards on /admin. */
export function AreaCards() {
  const { can } = useStaffAccess();
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {areas
        .filter((card) => can(card.permission))
        .map((card) => (
          <li key={card.title}>
            {card.href ? (
              <a href={card.href} className={clsx(cardClasses, 'hover:border-brand-solid')}>
                <CardBody card={card} suffix={goArrow} />
              </a>
            ) : (
              <Link to={card.to ?? '/admin'} className={clsx(cardClasses, 'hover:border-brand-solid')}>
                <CardBody card={card} suffix={goArrow} />
              </Link>
            )}
          </li>
        ))}
      {comingSoon.map((card) => (
        <li key={card.title}>
          <div aria-disabled="true" className={clsx(cardClasses, 'cursor-not-allowed border-dashed bg-surface shadow-none')}>
            <CardBody
              card={card}
              suffix={<span className="rounded-full bg-surface px-2.5 py-0.5 text-xs font-semibold text-muted ring-1 ring-border">Coming Soon</span>}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
