import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { AdminPage } from '@/features/admin/shell/components/admin-page';
import { useErrorToast } from '@/features/admin/shell/lib/use-error-toast';
import { useStaffAccess } from '@/features/admin/shell/lib/staff-access';
import { useStaff } from '../api/staff';
import { InvitationsTable } from '../components/invitations-table';
import { InviteDialog } from '../components/invite-dialog';
import { TeamTable } from '../components/team-table';
import { grantableRoles } from '../lib/roles';

// /admin/staff: the team and its roles, the invitations not yet accepted, and inviting someone.
// Only the roles the signed-in staff member may give are offered (an admin never offers owner).

export default function StaffPage() {
  const { role } = useStaffAccess();
  const staff = useStaff();
  // A new key each time the dialog opens: it starts empty.
  const [invite, setInvite] = useState({ open: false, key: 0 });

  useErrorToast('Failed to fetch the team', staff.error, staff.errorUpdatedAt);

  return (
    <AdminPage
      title="Staff"
      description="Who works in the admin, and what each role can open. A role change applies from the person's next click."
      actions={
        <Button onClick={() => setInvite((current) => ({ open: true, key: current.key + 1 }))}>
          <UserPlus className="size-4" aria-hidden="true" />
          Invite
        </Button>
      }
    >
      {/* Unnamed sections: the tables' regions carry the names. */}
      <section>
        <h2 className="mb-4 text-xl font-semibold text-foreground">Team</h2>
        <TeamTable myRole={role} />
      </section>
      <section className="mt-10">
        <h2 className="mb-4 text-xl font-semibold text-foreground">Pending invitations</h2>
        <InvitationsTable myRole={role} />
      </section>
      <InviteDialog key={invite.key} open={invite.open} onOpenChange={(open) => setInvite((current) => ({ ...current, open }))} roles={grantableRoles(role)} />
    </AdminPage>
  );
}
