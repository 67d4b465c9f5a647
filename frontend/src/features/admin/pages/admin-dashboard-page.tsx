import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

// Placeholder: the admin work builds this screen.
export default function AdminDashboardPage() {
  return <PlaceholderScreen title="Admin dashboard" description="The staff dashboard is coming soon." backTo={null} />;
}
