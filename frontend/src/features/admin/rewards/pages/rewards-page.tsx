import { useState } from 'react';
import { AdminPage } from '@/features/admin/shell/components/admin-page';
import { CatchUpPanel } from '../components/catch-up-panel';
import { MilestonesEditor } from '../components/milestones-editor';

// /admin/rewards: what members get for bringing friends who confirm (referral milestones), and
// the catch-up for those who passed a milestone before it existed.

export default function RewardsPage() {
  // While a catch-up is on its way, both panels read their counts again until it is done.
  const [following, setFollowing] = useState(false);
  return (
    <AdminPage
      title="Rewards"
      description="Thank members who bring friends: at each number of friends who confirm, a thank-you email or their own early-access code."
    >
      <MilestonesEditor following={following} />
      <CatchUpPanel following={following} onFollow={setFollowing} />
    </AdminPage>
  );
}
