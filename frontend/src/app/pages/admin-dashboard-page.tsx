import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { AccountHeader } from '@/features/admin/auth/components/account-header';
import { AreaCards } from '@/features/admin/dashboard/components/area-cards';
import { MailDeliveryBanner } from '@/features/admin/mail-log/components/mail-delivery-banner';
import { useStaffAccess } from '@/features/admin/shell/lib/staff-access';

// /admin (spec §2 "Admin dashboard", §5 "Change password"): a greeting with the signed-in
// email, the change-password form, logout, and cards to each admin area. Composed here: the
// account is the auth area's, the banner the mail log's, the cards the dashboard's. Each widget
// shows only to a role that can read its area (the banner asks the mail log's API).

export default function AdminDashboardPage() {
  const { can } = useStaffAccess();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <AccountHeader title="Admin Dashboard" />

      <div className="mt-8">{can('mail-log') ? <MailDeliveryBanner linkToLog /> : null}</div>
      <AreaCards />

      <div className="mt-10">
        <Link to="/" className={buttonClasses('ghost', 'md', '-ml-3')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Main Site
        </Link>
      </div>
    </div>
  );
}
