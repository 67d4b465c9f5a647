import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

// Placeholder: the admin work builds this screen.
export default function EarlyAccessPage() {
  return <PlaceholderScreen title="Early access" description="Early-access code management is coming soon." backTo="/admin" backLabel="Back to dashboard" />;
}
