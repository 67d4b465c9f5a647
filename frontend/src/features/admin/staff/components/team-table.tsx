import { UserMinus } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { IconButton, ListTableBody, TableFrame, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';
import { useOneAtATime } from '@/features/admin/shell/lib/use-one-at-a-time';
import { isStaffRole, ROLE_LABELS, type StaffRole } from '@/features/admin/shell/lib/staff-access';
import { staffErrorMessage, useChangeRole, useRemoveStaff, useStaff, type StaffMember } from '../api/staff';
import { canManage, grantableRoles, lostAreas } from '../lib/roles';

const COLUMNS = 5;

/** 'a, b and c'. */
function listOf(words: string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : (words[0] ?? '');
}

/** A role change waiting for its confirmation (it takes something away). */
interface PendingChange {
  member: StaffMember;
  role: StaffRole;
}

function RoleSelect({
  member,
  myRole,
  disabled,
  onChange,
}: {
  member: StaffMember;
  myRole: StaffRole;
  disabled: boolean;
  onChange: (role: StaffRole) => void;
}) {
  const id = useId();
  if (!canManage(myRole, member.role)) {
    return <span className="font-medium">{ROLE_LABELS[member.role]}</span>;
  }
  const roles = grantableRoles(myRole);
  const options = roles.includes(member.role) ? roles : [member.role, ...roles];
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Role of {member.email}
      </label>
      <Select
        id={id}
        value={member.role}
        disabled={disabled}
        onChange={(event) => {
          if (isStaffRole(event.target.value)) onChange(event.target.value);
        }}
        className="h-9 w-36 max-md:w-full"
      >
        {options.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </Select>
    </>
  );
}

/** The team: every staff account, its role (changed in place), second factor and last sign-in. */
export function TeamTable({ myRole }: { myRole: StaffRole }) {
  const staff = useStaff();
  const changeRole = useChangeRole();
  const remove = useRemoveStaff();
  const changeOnce = useOneAtATime();
  const removeOnce = useOneAtATime();
  const [confirming, setConfirming] = useState<PendingChange | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const members = staff.data?.staff ?? [];

  function applyChange({ member, role }: PendingChange) {
    changeOnce((done) =>
      changeRole.mutate(
        { member, role },
        {
          onSuccess: () => notify.success('Role changed', `${member.email} is now ${ROLE_LABELS[role].toLowerCase()}.`),
          onError: (error) => notify.error('Role not changed', staffErrorMessage(error)),
          onSettled: () => {
            setConfirming(null);
            done();
          },
        },
      ),
    );
  }

  function choose(member: StaffMember, role: StaffRole) {
    if (role === member.role) return;
    if (lostAreas(member.role, role).length > 0) setConfirming({ member, role });
    else applyChange({ member, role });
  }

  function confirmRemove() {
    if (!removing) return;
    const member = removing;
    removeOnce((done) =>
      remove.mutate(member.id, {
        onSuccess: () => notify.success('Removed from the team', `${member.email} was signed out everywhere.`),
        onError: (error) => notify.error('Not removed', staffErrorMessage(error)),
        onSettled: () => {
          setRemoving(null);
          done();
        },
      }),
    );
  }

  return (
    <>
      <TableFrame label="Team" busy={staff.isFetching}>
        <thead>
          <tr>
            <Th>Email</Th>
            <Th>Role</Th>
            <Th>Second factor</Th>
            <Th>Last sign-in</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <ListTableBody
          columns={COLUMNS}
          query={staff}
          rows={members}
          noun="team"
          empty={{ title: 'No staff accounts', hint: 'Invite someone to start the team.' }}
        >
          {(member) => {
            const busy = (changeRole.isPending && changeRole.variables?.member.id === member.id) || (remove.isPending && remove.variables === member.id);
            const manageable = canManage(myRole, member.role);
            return (
              <Tr key={member.id}>
                <Td label="Email" className="md:break-all">
                  <span className="font-medium">{member.email}</span>
                  {member.you ? (
                    <Badge tone="info" className="ml-2">
                      You
                    </Badge>
                  ) : null}
                </Td>
                <Td label="Role">
                  <RoleSelect member={member} myRole={myRole} disabled={busy || changeRole.isPending} onChange={(role) => choose(member, role)} />
                </Td>
                <Td label="Second factor">{member.secondFactor ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Off</Badge>}</Td>
                <Td label="Last sign-in" className="whitespace-nowrap text-muted">
                  {formatAdminDateTime(member.lastSignInAt) ?? 'Never'}
                </Td>
                <Td actions className="text-right">
                  <IconButton
                    label={`Remove ${member.email}`}
                    text="Remove"
                    tone="danger"
                    disabled={member.you || !manageable || busy}
                    note={member.you ? 'You can’t remove your own account.' : !manageable ? 'Only an owner can remove an owner.' : undefined}
                    onClick={() => setRemoving(member)}
                  >
                    <UserMinus className="size-4" aria-hidden="true" />
                  </IconButton>
                </Td>
              </Tr>
            );
          }}
        </ListTableBody>
      </TableFrame>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !changeRole.isPending) setConfirming(null);
        }}
        title={confirming ? `Make ${confirming.member.you ? 'yourself' : confirming.member.email} ${ROLE_LABELS[confirming.role].toLowerCase()}?` : ''}
        description={
          confirming
            ? `${confirming.member.you ? 'You' : 'They'} will no longer open ${listOf(lostAreas(confirming.member.role, confirming.role))}, from ${confirming.member.you ? 'your' : 'their'} next click.`
            : ''
        }
        confirmLabel="Change role"
        busy={changeRole.isPending}
        onConfirm={() => {
          if (confirming) applyChange(confirming);
        }}
      />

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setRemoving(null);
        }}
        title={removing ? `Remove ${removing.email} from the team?` : ''}
        description="Their account is deleted and they are signed out everywhere at once. To bring them back, invite them again."
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirmRemove}
      />
    </>
  );
}
