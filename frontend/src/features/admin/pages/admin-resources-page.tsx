import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

// Placeholder: the admin work builds this screen.
export default function AdminResourcesPage() {
  return <PlaceholderScreen title="Resource management" description="Managing resource posts is coming soon." backTo="/admin" backLabel="Back to dashboard" />;
}
