import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { AdminPage } from '@/features/admin/shell/components/admin-page';
import { useAdminResource } from '../api/admin-resources';
import { ResourceEditor } from '../components/resource-editor';
import { emptyForm, formForEditor } from '../lib/editor-form';
import { useLoadErrorToast } from '../lib/use-load-error-toast';

// /admin/resources/new, /admin/resources/edit/{id} and /admin/resources/{id} ('new' creates; spec
// §2 "Route table", "Admin resource editor"). A post that cannot be loaded: 'Failed to fetch
// resource.' and back to the list (§8). This route's chunk is the only one with Quill.

export default function AdminResourceEditorPage() {
  const { id: param } = useParams();
  const id = !param || param === 'new' ? null : param;
  const navigate = useNavigate();
  const post = useAdminResource(id);
  const saved = useMemo(() => (post.data ? formForEditor(post.data) : emptyForm()), [post.data]);

  useLoadErrorToast('Failed to fetch resource.', post.error, post.errorUpdatedAt, () => navigate('/admin/resources', { replace: true }));

  if (id !== null && !post.data) {
    return (
      <AdminPage title="Edit Resource" backTo="/admin/resources" backLabel="Back to Resources" width="narrow">
        <p role="status" className="py-16 text-center text-muted">
          Loading...
        </p>
      </AdminPage>
    );
  }
  // A restored or discarded revision changes what the editor starts from: it opens again on it.
  const version = post.data ? `${post.data.updated_at}:${post.data.pending_revision?.id ?? ''}` : '';
  return <ResourceEditor key={`${id ?? 'new'}:${version}`} id={id} post={post.data ?? null} saved={saved} />;
}
