import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

// Placeholder: the admin work builds this screen.
export default function AdminLoginPage() {
  return <PlaceholderScreen title="Admin login" description="Staff sign-in is coming soon." />;
}
