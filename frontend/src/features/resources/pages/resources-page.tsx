import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

// Placeholder: the resources work builds the searchable, filterable list of posts here.
export default function ResourcesPage() {
  return (
    <PlaceholderScreen
      title="Resources"
      description="Guides, drills and shooting tips from our coaches are on their way."
    />
  );
}
