import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useUpdateCreatorCode, type CreatorCode } from '../api/creator-codes';
import { Switch } from '@/components/ui/switch';
import { type CreatorStatus } from '../lib/creator-code';

export function StatusSwitch({ code }: { code: CreatorCode }) {
  const update = useUpdateCreatorCode();
  const active = update.isPending ? update.variables?.patch.status === 'active' : code.status === 'active';

  function toggle(next: boolean) {
    const status: CreatorStatus = next ? 'active' : 'inactive';
    update.mutate(
      { id: code.id, patch: { status } },
      {
        onSuccess: (saved) =>
          notify.success(saved.status === 'active' ? 'Code activated' : 'Code deactivated', `${saved.code} is now ${saved.status}.`),
        onError: (error) => notify.error('Failed to update code status', errorMessage(error)),
      },
    );
  }

  return (
    <div className="flex items-center gap-2">
      <Switch aria-label={`${code.code} active`} checked={active} disabled={update.isPending} onCheckedChange={toggle} />
      <span aria-hidden="true" className="text-xs font-medium text-muted capitalize">
        {active ? 'active' : 'inactive'}
      </span>
    </div>
  );
}
