import { RotateCw, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toast';
import { IconButton, ListTableBody, TableFrame, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';
import { useOneAtATime } from '@/features/admin/shell/lib/use-one-at-a-time';
import { ROLE_LABELS, type StaffRole } from '@/features/admin/shell/lib/staff-access';
import { staffErrorMessage, useResendInvitation, useRevokeInvitation, useStaff, type Invitation } from '../api/staff';
import { canManage } from '../lib/roles';

const COLUMNS = 5;

function isExpired(invitation: Invitation): boolean {
  return new Date(invitation.expiresAt).getTime() <= Date.now();
}

/** The invitations not yet accepted: sent again (a new link, 72 hours more) or revoked. */
export function InvitationsTable({ myRole }: { myRole: StaffRole }) {
  const staff = useStaff();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const resendOnce = useOneAtATime();
  const revokeOnce = useOneAtATime();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const invitations = staff.data?.invitations ?? [];

  function sendAgain(invitation: Invitation) {
    resendOnce((done) =>
      resend.mutate(invitation.id, {
        onSuccess: (renewed) => notify.success('Invitation sent again', `${renewed.email} has a new link, valid for 72 hours.`),
        onError: (error) => notify.error('Invitation not sent', staffErrorMessage(error)),
        onSettled: done,
      }),
    );
  }

  function confirmRevoke() {
    if (!revoking) return;
    const invitation = revoking;
    revokeOnce((done) =>
      revoke.mutate(invitation.id, {
        onSuccess: () => notify.success('Invitation revoked', `The link sent to ${invitation.email} no longer works.`),
        onError: (error) => notify.error('Invitation not revoked', staffErrorMessage(error)),
        onSettled: () => {
          setRevoking(null);
          done();
        },
      }),
    );
  }

  return (
    <>
      <TableFrame label="Pending invitations" busy={staff.isFetching}>
        <thead>
          <tr>
            <Th>Email</Th>
            <Th>Role</Th>
            <Th>Invited</Th>
            <Th>Link</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <ListTableBody
          columns={COLUMNS}
          query={staff}
          rows={invitations}
          noun="invitations"
          empty={{ title: 'No pending invitations', hint: 'Invitations show here until they are accepted.' }}
        >
          {(invitation) => {
            const expired = isExpired(invitation);
            const manageable = canManage(myRole, invitation.role);
            const note = manageable ? undefined : 'Only an owner can manage an owner’s invitation.';
            return (
              <Tr key={invitation.id}>
                <Td label="Email" className="font-medium md:break-all">
                  {invitation.email}
                </Td>
                <Td label="Role">{ROLE_LABELS[invitation.role]}</Td>
                <Td label="Invited">
                  <span className="whitespace-nowrap">{formatAdminDateTime(invitation.invitedAt) ?? '—'}</span>
                  {invitation.invitedBy ? <span className="block text-xs text-muted md:break-all">by {invitation.invitedBy}</span> : null}
                </Td>
                <Td label="Link">
                  {expired ? (
                    <Badge tone="warning">Expired</Badge>
                  ) : (
                    <span className="whitespace-nowrap text-muted">Until {formatAdminDateTime(invitation.expiresAt)}</span>
                  )}
                </Td>
                <Td actions className="text-right whitespace-nowrap">
                  <IconButton
                    label={`Resend the invitation to ${invitation.email}`}
                    text="Resend"
                    note={note}
                    disabled={!manageable || resend.isPending}
                    onClick={() => sendAgain(invitation)}
                  >
                    <RotateCw className="size-4" aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    label={`Revoke the invitation to ${invitation.email}`}
                    text="Revoke"
                    tone="danger"
                    note={note}
                    disabled={!manageable}
                    onClick={() => setRevoking(invitation)}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </IconButton>
                </Td>
              </Tr>
            );
          }}
        </ListTableBody>
      </TableFrame>

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open && !revoke.isPending) setRevoking(null);
        }}
        title={revoking ? `Revoke the invitation to ${revoking.email}?` : ''}
        description="The link in their email stops working at once. You can invite them again later."
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </>
  );
}
