import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useUpdateCreatorCode, type CreatorCode } from '../api/creator-codes';
import { RowSwitch } from '@/features/admin/shell/list/row-switch';
import { type CreatorStatus } from '../lib/creator-code';

export function StatusSwitch({ code }: { code: CreatorCode }) {
  const update = useUpdateCreatorCode();
  const active = update.isPending ? update.variables?.patch.status === 'active' : code.status === 'active';

  function toggle(next: boolean) {
    const status: CreatorStatus = next ? 'active' : 'inactive';
    update.mutate(
      { id: code.id, patch: { status } },
      {
        onSuccess: (saved) => notify.success(saved.status === 'active' ? 'Code activated' : 'Code deactivated', `${saved.code} is now ${saved.status}.`),
        onError: (error) => notify.error('Failed to update code status', errorMessage(error)),
      },
    );
  }

  return (
    <RowSwitch
      label={`${code.code} active`}
      checked={active}
      disabled={update.isPending}
      onCheckedChange={toggle}
      state={active ? 'active' : 'inactive'}
      stateClassName="capitalize"
    />
  );
}
