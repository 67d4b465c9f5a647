import { useErasePerson } from '@/features/admin/privacy/api/privacy';
import WaitlistPage from '@/features/admin/waitlist/pages/waitlist-page';

/** /admin/waitlist: the waitlist area's page, whose member dialog can erase a person, as the privacy area does. */
export default function AdminWaitlistPage() {
  const erase = useErasePerson();
  return <WaitlistPage erase={erase} />;
}
