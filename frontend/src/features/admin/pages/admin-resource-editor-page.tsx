import { useParams } from 'react-router-dom';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

// Placeholder: the admin work builds the rich-text editor here (reached at /admin/resources/new,
// /admin/resources/edit/:id and /admin/resources/:id, where id 'new' means creating).
export default function AdminResourceEditorPage() {
  const { id } = useParams();
  const creating = !id || id === 'new';
  return (
    <PlaceholderScreen
      title={creating ? 'New resource' : 'Edit resource'}
      description="The resource editor is coming soon."
      backTo="/admin/resources"
      backLabel="Back to resources"
    />
  );
}
