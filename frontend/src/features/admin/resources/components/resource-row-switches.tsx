import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toast';
import { RowSwitch } from '@/features/admin/shell/list/row-switch';
import { useFeatureResource, usePublishResource } from '../api/admin-resources';
import type { ResourcePostSummary } from '../types';

// The publish and featured toggles of a row in /admin/resources (spec §2 "Admin resource list",
// §8 "Admin resources": title 'Error' or 'Success').

export function PublishSwitch({ post }: { post: ResourcePostSummary }) {
  const publish = usePublishResource();
  const published = publish.isPending ? publish.variables.published : post.is_published;

  function toggle(next: boolean) {
    publish.mutate(
      { id: post.id, published: next },
      {
        onSuccess: (saved) => notify.success('Success', saved.is_published ? 'Resource published successfully.' : 'Resource unpublished successfully.'),
        onError: () => notify.error('Error', 'Failed to update resource status.'),
      },
    );
  }

  return (
    <RowSwitch
      label={`Published: ${post.title}`}
      checked={published}
      disabled={publish.isPending}
      onCheckedChange={toggle}
      state={published ? 'Published' : 'Draft'}
    />
  );
}

/** Featuring a post while another is featured asks first, naming the post that loses its place. */
export function FeatureSwitch({ post, featuredNow }: { post: ResourcePostSummary; featuredNow: ResourcePostSummary | null }) {
  const feature = useFeatureResource();
  const featured = feature.isPending ? feature.variables.featured : post.is_featured;
  const [confirming, setConfirming] = useState(false);

  function toggle(next: boolean) {
    if (next && featuredNow) setConfirming(true);
    else change(next);
  }

  function change(next: boolean) {
    setConfirming(false);
    feature.mutate(
      { id: post.id, featured: next },
      {
        onSuccess: (saved) => notify.success('Success', saved.is_featured ? 'Resource featured successfully.' : 'Resource unfeatured successfully.'),
        onError: () => notify.error('Error', 'Failed to update featured status.'),
      },
    );
  }

  return (
    <RowSwitch label={`Featured: ${post.title}`} checked={featured} disabled={feature.isPending} onCheckedChange={toggle} state={featured ? 'Featured' : 'No'}>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Feature “${post.title}”?`}
        description={`“${featuredNow?.title ?? ''}” is featured now and will lose its place at the top of the Resources page.`}
        confirmLabel="Feature"
        destructive={false}
        onConfirm={() => change(true)}
      />
    </RowSwitch>
  );
}
