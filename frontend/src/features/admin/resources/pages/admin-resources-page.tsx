import { ExternalLink, Pencil, Plus, Star } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { ListTableBody, TableFrame, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { DeleteRowButton, DeleteRowDialog } from '@/features/admin/shell/list/delete-row';
import { Tooltip } from '@/components/ui/tooltip';
import { ListToolbar, listSummary, SearchField } from '@/features/admin/shell/list/list-toolbar';
import { notify } from '@/components/ui/toast';
import { AdminPage } from '@/features/admin/shell/components/admin-page';
import { formatAdminDate } from '@/features/admin/shell/lib/format';
import { useAdminResources, useDeleteResource } from '../api/admin-resources';
import { FeatureSwitch, PublishSwitch } from '../components/resource-row-switches';
import { ResourceStats } from '../components/resource-stats';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import type { ResourcePostSummary } from '../types';

// /admin/resources (spec §2 "Admin resource list", §4 "Post", §5 "Deletions", §8 "Admin resources").

const COLUMNS = 7;
const ROW_TAGS = 3;

function matches(post: ResourcePostSummary, query: string): boolean {
  if (!query) return true;
  return [post.title, post.slug, post.excerpt, post.author_name, ...post.tags].some((value) => value?.toLowerCase().includes(query));
}

function RowTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <span className="text-muted">—</span>;
  const extra = tags.length - ROW_TAGS;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.slice(0, ROW_TAGS).map((tag) => (
        <li key={tag} className="rounded-full bg-surface px-2 py-0.5 text-xs font-medium text-foreground ring-1 ring-border">
          {tag}
        </li>
      ))}
      {extra > 0 ? (
        <li className="px-1 py-0.5 text-xs font-medium text-muted" aria-label={`${extra} more`}>
          +{extra}
        </li>
      ) : null}
    </ul>
  );
}

export default function AdminResourcesPage() {
  const id = useId();
  const posts = useAdminResources();
  const remove = useDeleteResource();
  const [search, setSearch] = useState('');
  const [toDelete, setToDelete] = useState<ResourcePostSummary | null>(null);
  const query = useDeferredValue(search.trim().toLowerCase());

  useLoadErrorToast('Failed to fetch resource posts.', posts.error, posts.errorUpdatedAt);

  const all = posts.data;
  const visible = useMemo(() => (all ?? []).filter((post) => matches(post, query)), [all, query]);

  return (
    <AdminPage
      title="Resource Management"
      description="Write, publish and feature the articles on the public Resources page."
      actions={
        <Link to="/admin/resources/new" className={buttonClasses('primary', 'md')}>
          <Plus className="size-4" aria-hidden="true" />
          New Resource
        </Link>
      }
    >
      <ResourceStats posts={all} />

      <ListToolbar summary={listSummary(all, visible.length, query !== '', ['resource', 'resources'])}>
        <SearchField id={`${id}-search`} label="Search" placeholder="Title, tag or author" value={search} onChange={setSearch} />
      </ListToolbar>

      <TableFrame label="Resources" busy={posts.isFetching}>
        <thead>
          <tr>
            <Th>Title</Th>
            <Th>Tags</Th>
            <Th>Status</Th>
            <Th>Featured</Th>
            <Th>Created</Th>
            <Th>Published</Th>
            <Th className="text-right">Actions</Th>
          </tr>
        </thead>
        <ListTableBody
          columns={COLUMNS}
          query={posts}
          rows={visible}
          filtered={query !== ''}
          noun="resources"
          empty={{
            title: 'No resources yet',
            hint: (
              <Link to="/admin/resources/new" className={buttonClasses('primary', 'sm', 'mt-2')}>
                <Plus className="size-4" aria-hidden="true" />
                Create First Resource
              </Link>
            ),
          }}
          noMatch={{ title: 'No resources match your search', hint: 'Try another title, tag or author.' }}
        >
          {(post) => (
            <Tr key={post.id}>
              <Td label="Title" className="md:max-w-xs">
                <span className="flex items-start gap-1.5">
                  {post.is_featured ? <Star className="mt-0.5 size-4 shrink-0 fill-current text-brand" aria-label="Featured" /> : null}
                  <span className="min-w-0">
                    <span className="block font-semibold text-foreground">{post.title}</span>
                    <span className="block text-xs break-all text-muted">/{post.slug}</span>
                  </span>
                </span>
              </Td>
              <Td label="Tags">
                <RowTags tags={post.tags} />
              </Td>
              <Td label="Status">
                <PublishSwitch post={post} />
              </Td>
              <Td label="Featured">
                <FeatureSwitch post={post} featuredNow={all?.find((other) => other.is_featured && other.id !== post.id) ?? null} />
              </Td>
              <Td label="Created" className="whitespace-nowrap text-muted">
                {formatAdminDate(post.created_at) ?? '—'}
              </Td>
              <Td label="Published" className="whitespace-nowrap text-muted">
                {formatAdminDate(post.published_at) ?? (post.scheduled_publish_at ? `Scheduled ${formatAdminDate(post.scheduled_publish_at)}` : '—')}
              </Td>
              <Td actions className="text-right whitespace-nowrap">
                {post.is_published ? (
                  <Tooltip label={`View ${post.title} (opens in a new tab)`}>
                    <a
                      href={`/resources/${encodeURIComponent(post.slug)}`}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={`View ${post.title} (opens in a new tab)`}
                      className="inline-flex size-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface hover:text-foreground max-md:h-10 max-md:w-auto max-md:gap-2 max-md:px-4 max-md:font-semibold max-md:ring-1 max-md:ring-border max-md:ring-inset"
                    >
                      <ExternalLink className="size-4" aria-hidden="true" />
                      <span className="md:hidden">View</span>
                    </a>
                  </Tooltip>
                ) : null}
                <Tooltip label={`Edit ${post.title}`}>
                  <Link
                    to={`/admin/resources/edit/${encodeURIComponent(post.id)}`}
                    aria-label={`Edit ${post.title}`}
                    className="inline-flex size-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface hover:text-foreground max-md:h-10 max-md:w-auto max-md:gap-2 max-md:px-4 max-md:font-semibold max-md:ring-1 max-md:ring-border max-md:ring-inset"
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                    <span className="md:hidden">Edit</span>
                  </Link>
                </Tooltip>
                <DeleteRowButton label={`Delete ${post.title}`} onClick={() => setToDelete(post)} />
              </Td>
            </Tr>
          )}
        </ListTableBody>
      </TableFrame>

      <DeleteRowDialog
        row={toDelete}
        onClose={() => setToDelete(null)}
        remove={remove}
        title="Delete this resource?"
        description="Are you sure you want to delete this resource? This action cannot be undone."
        onDeleted={() => notify.success('Success', 'Resource deleted successfully.')}
        onFailed={() => notify.error('Error', 'Failed to delete resource.')}
      />
    </AdminPage>
  );
}
