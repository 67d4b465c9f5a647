import { useErasePerson } from '@/features/admin/privacy/api/privacy';
import { useStaffAccess } from '@/features/admin/shell/lib/staff-access';
import WaitlistPage from '@/features/admin/waitlist/pages/waitlist-page';

/** /admin/waitlist: the waitlist area's page, whose member dialog can erase a person, as the privacy area does (for a role that may). */
export default function AdminWaitlistPage() {
  const erase = useErasePerson();
  const { can } = useStaffAccess();
  return <WaitlistPage erase={can('privacy') ? erase : null} />;
}
