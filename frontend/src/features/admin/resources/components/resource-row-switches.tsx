import { Switch } from '@/components/ui/switch';
import { notify } from '@/components/ui/toast';
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
        onSuccess: (saved) =>
          notify.success('Success', saved.is_published ? 'Resource published successfully.' : 'Resource unpublished successfully.'),
        onError: () => notify.error('Error', 'Failed to update resource status.'),
      },
    );
  }

  return (
    <div className="flex items-center gap-2">
      <Switch aria-label={`Published: ${post.title}`} checked={published} disabled={publish.isPending} onCheckedChange={toggle} />
      <span aria-hidden="true" className="text-xs font-medium text-muted">
        {published ? 'Published' : 'Draft'}
      </span>
    </div>
  );
}

export function FeatureSwitch({ post }: { post: ResourcePostSummary }) {
  const feature = useFeatureResource();
  const featured = feature.isPending ? feature.variables.featured : post.is_featured;

  function toggle(next: boolean) {
    feature.mutate(
      { id: post.id, featured: next },
      {
        onSuccess: (saved) =>
          notify.success('Success', saved.is_featured ? 'Resource featured successfully.' : 'Resource unfeatured successfully.'),
        onError: () => notify.error('Error', 'Failed to update featured status.'),
      },
    );
  }

  return (
    <div className="flex items-center gap-2">
      <Switch aria-label={`Featured: ${post.title}`} checked={featured} disabled={feature.isPending} onCheckedChange={toggle} />
      <span aria-hidden="true" className="text-xs font-medium text-muted">
        {featured ? 'Featured' : 'No'}
      </span>
    </div>
  );
}
