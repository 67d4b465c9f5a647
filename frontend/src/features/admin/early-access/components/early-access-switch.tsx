import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useEarlyAccessSettings, useUpdateEarlyAccessSettings } from '../api/early-access';
import { Panel } from '@/features/admin/shell/components/admin-page';
import { Switch } from '@/components/ui/switch';

export function EarlyAccessSwitch() {
  const id = useId();
  const settings = useEarlyAccessSettings();
  const update = useUpdateEarlyAccessSettings();
  const isOpen = update.isPending ? Boolean(update.variables) : Boolean(settings.data?.isOpen);

  function toggle(next: boolean) {
    update.mutate(next, {
      onSuccess: (result) => notify.success(result.isOpen ? 'Early access opened' : 'Early access closed'),
      onError: (error) => notify.error('Failed to update early access state', errorMessage(error)),
    });
  }

  return (
    <Panel aria-labelledby={`${id}-label`} className="mb-8">
      <div className="flex items-center justify-between gap-6">
        <div className="min-w-0">
          <h2 id={`${id}-label`} className="text-lg font-semibold text-foreground">
            Early access
          </h2>
          <p id={`${id}-state`} className="mt-1 text-sm text-muted">
            {settings.isPending ? (
              'Loading the current state…'
            ) : settings.isError ? (
              'The current state could not be loaded.'
            ) : isOpen ? (
              <>
                <span className="font-semibold text-foreground">Open</span>: early access is available now.
              </>
            ) : (
              <>
                <span className="font-semibold text-foreground">Closed</span>: early access is not available.
              </>
            )}
          </p>
        </div>
        {settings.isError ? (
          <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Retry
          </Button>
        ) : (
          <Switch
            aria-label="Early access open"
            aria-describedby={`${id}-state`}
            checked={isOpen}
            disabled={settings.isPending || update.isPending}
            onCheckedChange={toggle}
          />
        )}
      </div>
    </Panel>
  );
}
