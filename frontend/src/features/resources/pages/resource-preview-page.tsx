import { useParams } from 'react-router-dom';
import { withQueryClient } from '@/lib/query-client';
import { useResourcePreview } from '../api/resources';
import { Article, ResourceNotFound } from './resource-article-page';

// /p/{preview_id}: a draft as readers will see it, for whoever has the link (Ghost's preview
// links). The server serves it noindex; it is in no sitemap or feed; once the post is published
// or deleted the link finds nothing.

function ResourcePreviewPage() {
  const { previewId = '' } = useParams();
  const post = useResourcePreview(previewId);

  if (post.isPending) {
    return (
      <p role="status" className="flex min-h-dvh items-center justify-center text-muted">
        Loading preview...
      </p>
    );
  }
  if (post.isError) {
    return (
      <ResourceNotFound message="This preview link no longer works: the article has been published or deleted. Published articles are on the Resources page." />
    );
  }
  return <Article post={post.data} related={[]} preview />;
}

export default withQueryClient(ResourcePreviewPage);
