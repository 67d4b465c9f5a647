import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { ArticleBody } from '@/components/ui/article-body';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';
import { useRestoreRevision, useRevision, useRevisions } from '../api/admin-resources';
import type { ResourceRevision, ResourceRevisionDetail } from '../types';

// A post's revision history in the editor: the last 50 saves (who, when, what changed), any of
// them shown, and restored as a new save (a published post's as its unpublished revision).

const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  slug: 'address',
  excerpt: 'excerpt',
  content: 'body',
  tags: 'tags',
  author_name: 'author',
  author_image_url: 'author',
  author_bio: 'author',
  meta_title: 'SEO',
  meta_description: 'SEO',
  featured_image: 'featured image',
};

/** "Changed the title and body", in the spec's own words for the fields. */
export function describeChanges(revision: ResourceRevision): string {
  if (revision.kind === 'created') return 'The post as first saved';
  const fields = [...new Set(revision.changed.map((field) => FIELD_LABELS[field] ?? field))];
  const what = fields.length === 0 ? 'nothing' : fields.length === 1 ? fields[0] : `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}`;
  const restored = revision.restored_from ? `Restored revision ${revision.restored_from}: ` : '';
  return `${restored}${restored ? 'changed' : 'Changed'} ${fields.length === 0 ? what : `the ${what}`}`;
}

const KIND_LABELS: Record<ResourceRevision['kind'], string> = {
  created: 'Created',
  saved: 'Saved',
  revision: 'Saved as a revision',
  restored: 'Restored',
};

function StatusBadge({ revision, live }: { revision: ResourceRevision; live: boolean }) {
  if (revision.status === 'current') return <Badge tone="success">{live ? 'Published' : 'Current draft'}</Badge>;
  if (revision.status === 'unpublished') return <Badge tone="warning">Unpublished</Badge>;
  return null;
}

export function RevisionHistory({
  postId,
  live,
  unsaved,
  onRestoring,
  onRestoreFailed,
}: {
  postId: string;
  /** The post is published: a restore becomes its unpublished revision. */
  live: boolean;
  /** The editor holds changes that a restore would replace. */
  unsaved: boolean;
  onRestoring: () => void;
  onRestoreFailed: () => void;
}) {
  const revisions = useRevisions(postId);
  const [shownId, setShownId] = useState<string | null>(null);

  return (
    <div>
      {revisions.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> Loading revisions...
        </p>
      ) : revisions.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The revisions could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void revisions.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          <p className="text-sm text-muted">
            {revisions.data.total > revisions.data.revisions.length
              ? `The last ${revisions.data.revisions.length} of ${revisions.data.total} revisions, newest first. Every revision is kept.`
              : `${revisions.data.total} ${revisions.data.total === 1 ? 'revision' : 'revisions'}, newest first.`}
          </p>
          <ol aria-label="Revisions" className="mt-4 divide-y divide-border rounded-2xl border border-border">
            {revisions.data.revisions.map((revision) => (
              <li key={revision.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                    Revision {revision.number}
                    <span className="text-sm font-normal text-muted">· {KIND_LABELS[revision.kind]}</span>
                    <StatusBadge revision={revision} live={live} />
                  </p>
                  <p className="mt-1 text-sm text-muted">
                    {formatAdminDateTime(revision.saved_at)} by {revision.saved_by ?? 'the system'}
                  </p>
                  <p className="mt-1 text-sm text-foreground">{describeChanges(revision)}</p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="shrink-0"
                  onClick={() => setShownId(revision.id)}
                  aria-label={`Show revision ${revision.number}`}
                >
                  <History className="size-4" aria-hidden="true" />
                  Show
                </Button>
              </li>
            ))}
          </ol>
        </>
      )}
      <RevisionDialog
        postId={postId}
        revisionId={shownId}
        live={live}
        unsaved={unsaved}
        onClose={() => setShownId(null)}
        onRestoring={onRestoring}
        onRestoreFailed={onRestoreFailed}
      />
    </div>
  );
}

function RevisionDialog({
  postId,
  revisionId,
  live,
  unsaved,
  onClose,
  onRestoring,
  onRestoreFailed,
}: {
  postId: string;
  revisionId: string | null;
  live: boolean;
  unsaved: boolean;
  onClose: () => void;
  onRestoring: () => void;
  onRestoreFailed: () => void;
}) {
  const revision = useRevision(postId, revisionId);
  const restore = useRestoreRevision();
  const [confirming, setConfirming] = useState(false);
  const detail = revision.data;

  function restoreNow(target: ResourceRevisionDetail) {
    onRestoring();
    restore.mutate(
      { id: postId, revisionId: target.id },
      {
        onSuccess: () => {
          setConfirming(false);
          onClose();
          notify.success(
            'Revision restored',
            live
              ? `Revision ${target.number} is now the unpublished revision. Readers see the published version until you update the post.`
              : `Revision ${target.number} is the draft again, saved as a new revision.`,
          );
        },
        onError: () => {
          onRestoreFailed();
          notify.error('Error', 'Failed to restore the revision.');
        },
      },
    );
  }

  return (
    <>
      <Dialog
        open={revisionId !== null}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        size="xl"
        title={detail ? `Revision ${detail.number}` : 'Revision'}
        description={
          detail
            ? `${KIND_LABELS[detail.kind]} ${formatAdminDateTime(detail.saved_at)} by ${detail.saved_by ?? 'the system'}. ${describeChanges(detail)}.`
            : undefined
        }
      >
        {revision.isPending ? (
          <p role="status" className="flex items-center gap-2 py-8 text-muted">
            <Spinner /> Loading revision...
          </p>
        ) : revision.isError || !detail ? (
          <p role="alert" className="py-8 text-red-700 dark:text-red-300">
            This revision could not be loaded.
          </p>
        ) : (
          <div className="space-y-6">
            <RevisionField label="Title" changed={detail.changed.includes('title')} before={detail.previous?.title}>
              <p className="font-display text-2xl font-bold text-foreground">{detail.text.title}</p>
            </RevisionField>
            <RevisionField label="Excerpt" changed={detail.changed.includes('excerpt')} before={detail.previous?.excerpt ?? ''}>
              <p className="text-foreground">{detail.text.excerpt || <span className="text-muted">No excerpt</span>}</p>
            </RevisionField>
            <RevisionField label="Body" changed={detail.changed.includes('content')}>
              <div className="rounded-2xl border border-border p-4">
                <ArticleBody html={detail.text.content} />
              </div>
            </RevisionField>
            <div className="flex flex-col-reverse gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-end">
              {detail.status === 'current' ? (
                <p className="text-sm text-muted sm:mr-auto">{live ? 'This is the published version.' : "This is the post's current draft."}</p>
              ) : null}
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
              <Button disabled={detail.status === 'current' || restore.isPending} onClick={() => (unsaved ? setConfirming(true) : restoreNow(detail))}>
                {restore.isPending ? <Spinner /> : <RotateCcw className="size-4" aria-hidden="true" />}
                {live ? 'Restore as unpublished revision' : 'Restore this revision'}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirming && detail !== undefined}
        onOpenChange={setConfirming}
        title="Replace your unsaved changes?"
        description="Restoring this revision replaces the changes you have not saved in the editor."
        confirmLabel="Restore"
        busy={restore.isPending}
        onConfirm={() => detail && restoreNow(detail)}
      />
    </>
  );
}

function RevisionField({ label, changed, before, children }: { label: string; changed: boolean; before?: string | null; children: React.ReactNode }) {
  return (
    <section>
      <h3 className="flex items-center gap-2 text-sm font-semibold text-muted">
        {label}
        {changed ? <Badge tone="info">Changed</Badge> : null}
      </h3>
      <div className="mt-2">{children}</div>
      {changed && before ? (
        <p className="mt-2 text-sm text-muted">
          Before: <del>{before}</del>
        </p>
      ) : null}
    </section>
  );
}
