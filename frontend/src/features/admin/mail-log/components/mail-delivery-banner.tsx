import { MailWarning } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useMailDelivery } from '../api/emails';

/**
 * Said on the mail log and the dashboard when this instance sends no email: every email is
 * written to the mail log as 'Logged' and nobody receives it until the setting is made.
 */
export function MailDeliveryBanner({ linkToLog = false }: { linkToLog?: boolean }) {
  const delivery = useMailDelivery();
  if (!delivery.data || delivery.data.enabled) return null;
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-2xl border border-amber-600/30 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <MailWarning className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        <strong className="font-semibold">Email delivery is off.</strong> This instance has no{' '}
        <code className="rounded bg-amber-100 px-1 font-mono text-xs dark:bg-amber-500/20">{delivery.data.setting}</code>, so emails are written to the mail log
        as “Logged” and nobody receives them. Set {delivery.data.setting} in the server's environment to send them.
        {linkToLog ? (
          <>
            {' '}
            <Link to="/admin/emails" className="font-semibold underline underline-offset-2">
              Open the mail log
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
