import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

// Placeholder: the admin work builds this screen.
export default function CreatorCodesPage() {
  return <PlaceholderScreen title="Creator codes" description="Creator and influencer code management is coming soon." backTo="/admin" backLabel="Back to dashboard" />;
}
