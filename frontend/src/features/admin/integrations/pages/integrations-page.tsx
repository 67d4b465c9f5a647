import { AdminPage } from '@/features/admin/shell/components/admin-page';
import { ApiKeysSection } from '../components/api-keys-section';
import { WebhooksSection } from '../components/webhooks-section';

// /admin/integrations: how other systems reach the waitlist, one section each.

export default function IntegrationsPage() {
  return (
    <AdminPage title="Integrations" description="Connect other systems to the waitlist. What they can do is what you give them, and every use is audited.">
      <div className="space-y-12">
        <ApiKeysSection />
        <WebhooksSection />
      </div>
    </AdminPage>
  );
}
