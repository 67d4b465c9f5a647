import { clsx } from 'clsx';
import { Copy, ExternalLink, FileClock, History, Save, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useBlocker, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldShell, FormError, Spinner, TextArea, TextInput, labelClasses } from '@/components/ui/form-controls';
import { Switch } from '@/components/ui/switch';
import { notify } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { AdminPage, Panel } from '@/features/admin/shell/components/admin-page';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';
import { uploadResourceImage } from '@/features/admin/shell/api/images';
import { hasContent } from '@/features/admin/shell/lib/rich-text';
import { useAdminResources, useDiscardRevision, usePreviewLink, useSaveResource, useSaveRevision } from '../api/admin-resources';
import {
  clearLocalCopy,
  DEFAULT_AUTHOR,
  fieldOfServerMessage,
  inputFromForm,
  META_DESCRIPTION_LIMIT,
  META_TITLE_LIMIT,
  readLocalCopy,
  sameForm,
  slugify,
  TITLE_LIMIT,
  writeLocalCopy,
  type RefusedField,
  type ResourceForm,
} from '../lib/editor-form';
import type { AdminResourcePost } from '../types';
import { FeaturedImageField } from './featured-image-field';
import { RevisionHistory } from './revision-history';
import { RichTextEditor } from '@/features/admin/shell/components/rich-text-editor';
import { TagsField } from './tags-field';

// The resource editor's form (spec §2 "Admin resource editor", §4 "Post", §5, §8 "Admin resources").
// Every change is also kept in localStorage until the post is saved (lib/editor-form.ts), and
// brought back when the editor opens again after a reload or a crash.

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId} className="font-display text-xl font-bold tracking-tight text-foreground">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-5 space-y-5">{children}</div>
    </Panel>
  );
}

function LengthCount({ id, length, limit }: { id: string; length: number; limit: number }) {
  return (
    <span id={id} className={clsx('tabular-nums', length > limit && 'font-semibold text-red-700 dark:text-red-300')}>
      {length}/{limit} characters
    </span>
  );
}

export function ResourceEditor({ id, post, saved }: { id: string | null; post: AdminResourcePost | null; saved: ResourceForm }) {
  const fieldId = useId();
  const navigate = useNavigate();
  const save = useSaveResource();
  const saveRevision = useSaveRevision();
  const discardRevision = useDiscardRevision();
  // A published post's changes are an update (live at once) or an unpublished revision.
  const live = post?.is_published ?? false;
  const pending = post?.pending_revision ?? null;
  // Featuring this post takes the place of the one featured now: the confirmation names it.
  const allPosts = useAdminResources();
  const featuredElsewhere = allPosts.data?.find((other) => other.is_featured && other.id !== id) ?? null;
  const [confirmFeature, setConfirmFeature] = useState(false);
  // The local copy, when it holds changes the server does not have yet.
  const [restored] = useState(() => {
    const copy = readLocalCopy(id);
    return copy && !sameForm(copy.form, saved) ? copy : null;
  });
  const [restoredAt, setRestoredAt] = useState(restored?.savedAt ?? null);
  const [form, setForm] = useState<ResourceForm>(restored?.form ?? saved);
  const [editorKey, setEditorKey] = useState(0);
  // The server's own message, at the field it is about, when it refuses a save.
  const [refused, setRefused] = useState<{ field: RefusedField | null; message: string } | null>(null);
  const fieldError = (field: RefusedField) => (refused?.field === field ? refused.message : null);
  // Spec §5 "Slug": generated from the title while the slug is empty (and while it still is the generated one).
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(() => form.slug === '' || (id === null && form.slug === slugify(form.title)));

  useEffect(() => {
    if (sameForm(form, saved)) clearLocalCopy(id);
    else writeLocalCopy(id, form);
  }, [form, saved, id]);

  // Leaving with unsaved changes asks first: a link or Back within the app (the dialog below), a
  // reload, a closed tab or another address (the browser's own prompt). A save's own way out does not.
  const unsaved = !sameForm(form, saved);
  const leavingSaved = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && !leavingSaved.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const update = <K extends keyof ResourceForm>(key: K, value: ResourceForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  function changeTitle(title: string) {
    setForm((current) => ({ ...current, title, slug: slugFollowsTitle ? slugify(title) : current.slug }));
  }

  function changeSlug(slug: string) {
    setSlugFollowsTitle(slug === '');
    update('slug', slug);
  }

  function discardLocalChanges() {
    clearLocalCopy(id);
    setForm(saved);
    setSlugFollowsTitle(saved.slug === '');
    setRestoredAt(null);
    setEditorKey((key) => key + 1);
  }

  function ready(): boolean {
    if (form.title.trim() && hasContent(form.content)) return true;
    notify.error('Error', 'Title and content are required.');
    return false;
  }

  function leaveSaved(message: string) {
    leavingSaved.current = true;
    clearLocalCopy(id);
    notify.success('Success', message);
    navigate('/admin/resources');
  }

  function submit(publish: boolean) {
    if (!ready()) return;
    save.mutate({ id, input: inputFromForm(form, publish) }, { onSuccess: () => leaveSaved('Resource saved successfully.'), onError: refusedSave });
  }

  /** A published post's changes kept unpublished: readers see the published version until an update. */
  function submitRevision() {
    if (!id || !ready()) return;
    saveRevision.mutate(
      { id, input: inputFromForm(form, false) },
      { onSuccess: () => leaveSaved('Revision saved. Readers see the published version until you update the post.'), onError: refusedSave },
    );
  }

  function discardPending() {
    if (!id) return;
    clearLocalCopy(id);
    discardRevision.mutate(id, {
      onSuccess: () => notify.success('Revision discarded', 'The editor shows the published version again. The revision stays in the history.'),
      onError: () => notify.error('Error', 'Failed to discard the revision.'),
    });
  }

  function changeFeatured(value: boolean) {
    if (value && featuredElsewhere) setConfirmFeature(true);
    else update('isFeatured', value);
  }

  /** The server's refusal, at its field and in a toast. */
  function refusedSave(error: Error) {
    console.error('Error saving resource:', error);
    const slugTaken = error instanceof ApiError && error.code === 'slug_taken';
    const invalid = error instanceof ApiError && error.code === 'validation_failed' ? error.message : null;
    if (slugTaken) setRefused({ field: 'slug', message: 'Another resource already has this slug.' });
    else setRefused(invalid ? { field: fieldOfServerMessage(invalid), message: invalid } : null);
    notify.error(
      'Error',
      slugTaken
        ? 'Failed to save resource. Another resource already has this slug.'
        : invalid
          ? `Failed to save resource. ${invalid}`
          : 'Failed to save resource.',
    );
  }

  const busy = save.isPending || saveRevision.isPending;
  // A draft: 'Save Draft' and 'Publish' (spec). A published post: 'Save revision' keeps the changes
  // unpublished, 'Update' puts them live (it keeps the publish flag, as Save Draft does).
  const actions = live ? (
    <>
      <Button variant="secondary" onClick={submitRevision} disabled={busy}>
        {saveRevision.isPending ? <Spinner /> : <FileClock className="size-4" aria-hidden="true" />}
        Save revision
      </Button>
      <Button onClick={() => submit(false)} disabled={busy}>
        {save.isPending ? <Spinner /> : <Send className="size-4" aria-hidden="true" />}
        Update
      </Button>
    </>
  ) : (
    <>
      <Button variant="secondary" onClick={() => submit(false)} disabled={busy}>
        {save.isPending && !save.variables.input.is_published ? <Spinner /> : <Save className="size-4" aria-hidden="true" />}
        Save Draft
      </Button>
      <Button onClick={() => submit(true)} disabled={busy}>
        {save.isPending && save.variables.input.is_published ? <Spinner /> : <Send className="size-4" aria-hidden="true" />}
        Publish
      </Button>
    </>
  );

  const metaTitle = form.metaTitle || form.title;
  const metaDescription = form.metaDescription || form.excerpt;

  return (
    <AdminPage
      title={id ? 'Edit Resource' : 'New Resource'}
      description={id ? `Editing “${saved.title}”.` : 'Write an article for the public Resources page.'}
      backTo="/admin/resources"
      backLabel="Back to Resources"
      width="narrow"
      actions={actions}
    >
      <form
        className="space-y-6"
        aria-label={id ? 'Edit resource' : 'New resource'}
        onSubmit={(event) => {
          event.preventDefault();
          submit(false);
        }}
      >
        {restoredAt ? (
          <div
            role="status"
            className="flex flex-col gap-3 rounded-2xl border border-amber-600/30 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:bg-amber-500/10 dark:text-amber-100"
          >
            <p className="flex items-start gap-2 text-sm">
              <History className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Restored your unsaved changes from {formatAdminDateTime(restoredAt)}. Save to keep them, or discard them to go back to{' '}
                {id ? 'the saved version' : 'an empty form'}.
              </span>
            </p>
            <Button variant="secondary" size="sm" onClick={discardLocalChanges} className="shrink-0">
              Discard changes
            </Button>
          </div>
        ) : null}

        {pending ? (
          <div
            role="status"
            className="flex flex-col gap-3 rounded-2xl border border-blue-600/30 bg-blue-50 p-4 text-blue-950 sm:flex-row sm:items-center sm:justify-between dark:bg-blue-500/10 dark:text-blue-100"
          >
            <p className="flex items-start gap-2 text-sm">
              <FileClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                You are editing an unpublished revision, saved {formatAdminDateTime(pending.saved_at)} by {pending.saved_by ?? 'the system'}. Readers see the
                published version until you update the post.
              </span>
            </p>
            <Button variant="secondary" size="sm" onClick={discardPending} disabled={discardRevision.isPending} className="shrink-0">
              {discardRevision.isPending ? <Spinner /> : null}
              Discard revision
            </Button>
          </div>
        ) : null}

        <Section title="Content">
          <FieldShell
            id={`${fieldId}-title`}
            label="Title"
            required
            hint={<LengthCount id={`${fieldId}-title-count`} length={form.title.length} limit={TITLE_LIMIT} />}
          >
            <TextInput
              id={`${fieldId}-title`}
              value={form.title}
              required
              maxLength={TITLE_LIMIT}
              aria-describedby={`${fieldId}-title-hint ${fieldId}-title-error`}
              aria-invalid={fieldError('title') ? true : undefined}
              onChange={(event) => changeTitle(event.target.value.slice(0, TITLE_LIMIT))}
            />
            <FormError id={`${fieldId}-title-error`} message={fieldError('title')} className="mt-1.5" />
          </FieldShell>
          <FieldShell
            id={`${fieldId}-slug`}
            label="Slug"
            hint={`The article's address: /resources/${slugify(form.slug) || 'your-title'}. Made from the title while empty.`}
          >
            <TextInput
              id={`${fieldId}-slug`}
              value={form.slug}
              aria-describedby={`${fieldId}-slug-hint ${fieldId}-slug-error`}
              spellCheck={false}
              autoCapitalize="none"
              onChange={(event) => changeSlug(event.target.value)}
              onBlur={() => update('slug', slugify(form.slug))}
              aria-invalid={fieldError('slug') ? true : undefined}
            />
            <FormError id={`${fieldId}-slug-error`} message={fieldError('slug')} className="mt-1.5" />
          </FieldShell>
          <FieldShell id={`${fieldId}-excerpt`} label="Excerpt" optional hint="A sentence or two shown on the cards and under the title.">
            <TextArea
              id={`${fieldId}-excerpt`}
              rows={3}
              value={form.excerpt}
              aria-describedby={`${fieldId}-excerpt-hint ${fieldId}-excerpt-error`}
              aria-invalid={fieldError('excerpt') ? true : undefined}
              onChange={(event) => update('excerpt', event.target.value)}
            />
            <FormError id={`${fieldId}-excerpt-error`} message={fieldError('excerpt')} className="mt-1.5" />
          </FieldShell>
          <div>
            <p id={`${fieldId}-content`} className={labelClasses}>
              Content
              <span aria-hidden="true" className="text-brand">
                {' '}
                *
              </span>
            </p>
            <RichTextEditor
              key={editorKey}
              labelId={`${fieldId}-content`}
              initialHtml={form.content}
              onChange={(html) => update('content', html)}
              uploadImage={(file) => uploadResourceImage(file, file.name)}
            />
          </div>
        </Section>

        <Section title="Publishing">
          <div className="flex items-center justify-between gap-4">
            <div>
              <label htmlFor={`${fieldId}-published`} className="font-medium text-foreground">
                Published
              </label>
              <p className="text-sm text-muted">
                {live
                  ? 'Visible on the public Resources page. ‘Update’ puts your changes live and keeps this as it is; ‘Save revision’ keeps them unpublished.'
                  : 'Visible on the public Resources page. ‘Save Draft’ keeps this as it is; ‘Publish’ turns it on.'}
              </p>
            </div>
            <Switch id={`${fieldId}-published`} checked={form.isPublished} onCheckedChange={(value) => update('isPublished', value)} />
          </div>
          <div className="flex items-center justify-between gap-4">
            <div>
              <label htmlFor={`${fieldId}-featured`} className="font-medium text-foreground">
                Featured
              </label>
              <p className="text-sm text-muted">
                Shown first on the Resources page.{' '}
                {featuredElsewhere ? `“${featuredElsewhere.title}” is featured now.` : 'Featuring this post unfeatures any other.'}
              </p>
            </div>
            <Switch id={`${fieldId}-featured`} checked={form.isFeatured} onCheckedChange={changeFeatured} />
          </div>
          <FieldShell
            id={`${fieldId}-schedule`}
            label="Schedule publishing"
            optional
            hint={form.isPublished ? 'Already published.' : 'Publishes the saved post automatically at this time (your time zone).'}
          >
            <TextInput
              id={`${fieldId}-schedule`}
              type="datetime-local"
              value={form.scheduledPublishAt}
              disabled={form.isPublished}
              aria-describedby={`${fieldId}-schedule-hint`}
              onChange={(event) => update('scheduledPublishAt', event.target.value)}
              className="sm:max-w-xs"
            />
          </FieldShell>
        </Section>

        {id && post && !live ? (
          <Section title="Preview" description="See the draft as readers will, or share it with someone who is not signed in.">
            <PreviewLink postId={id} unsaved={unsaved} />
          </Section>
        ) : null}

        <Section title="Featured Image">
          <FeaturedImageField
            url={form.featuredImageUrl}
            alt={form.featuredImageAlt}
            onUrlChange={(value) => update('featuredImageUrl', value)}
            onAltChange={(value) => update('featuredImageAlt', value)}
          />
        </Section>

        <Section title="Tags">
          <TagsField tags={form.tags} onChange={(tags) => update('tags', tags)} error={fieldError('tags')} />
        </Section>

        <Section title="Author">
          <FieldShell id={`${fieldId}-author`} label="Name">
            <TextInput
              id={`${fieldId}-author`}
              value={form.authorName}
              placeholder={DEFAULT_AUTHOR}
              onChange={(event) => update('authorName', event.target.value)}
            />
          </FieldShell>
          <FieldShell id={`${fieldId}-bio`} label="Bio" optional>
            <TextArea id={`${fieldId}-bio`} rows={3} value={form.authorBio} onChange={(event) => update('authorBio', event.target.value)} />
          </FieldShell>
          <FieldShell id={`${fieldId}-avatar`} label="Avatar URL" optional>
            <TextInput
              id={`${fieldId}-avatar`}
              type="url"
              inputMode="url"
              placeholder="https://…"
              value={form.authorImageUrl}
              onChange={(event) => update('authorImageUrl', event.target.value)}
            />
          </FieldShell>
        </Section>

        <Section title="Search Engine Optimization" description="What search engines and link previews show. Empty fields use the title and the excerpt.">
          <FieldShell
            id={`${fieldId}-meta-title`}
            label="Meta title"
            hint={<LengthCount id={`${fieldId}-meta-title-count`} length={metaTitle.length} limit={META_TITLE_LIMIT} />}
            hintClassName="text-right"
          >
            <TextInput
              id={`${fieldId}-meta-title`}
              value={form.metaTitle}
              placeholder={form.title}
              aria-describedby={`${fieldId}-meta-title-hint`}
              onChange={(event) => update('metaTitle', event.target.value)}
            />
          </FieldShell>
          <FieldShell
            id={`${fieldId}-meta-description`}
            label="Meta description"
            hint={<LengthCount id={`${fieldId}-meta-description-count`} length={metaDescription.length} limit={META_DESCRIPTION_LIMIT} />}
            hintClassName="text-right"
          >
            <TextArea
              id={`${fieldId}-meta-description`}
              rows={3}
              value={form.metaDescription}
              placeholder={form.excerpt}
              aria-describedby={`${fieldId}-meta-description-hint`}
              onChange={(event) => update('metaDescription', event.target.value)}
            />
          </FieldShell>
        </Section>

        <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-end">{actions}</div>

        {id ? (
          <Section title="Revision history" description="Every save is kept. Show any revision, or restore it as a new save.">
            <RevisionHistory
              postId={id}
              live={live}
              unsaved={unsaved}
              onRestoring={() => {
                // The restored text replaces the editor's; its local copy must not come back over it.
                leavingSaved.current = true;
                clearLocalCopy(id);
              }}
              onRestoreFailed={() => {
                leavingSaved.current = false;
                writeLocalCopy(id, form);
              }}
            />
          </Section>
        ) : null}
      </form>
      <ConfirmDialog
        open={confirmFeature}
        onOpenChange={setConfirmFeature}
        title="Feature this post?"
        description={
          featuredElsewhere
            ? `“${featuredElsewhere.title}” is featured now. Featuring this post takes its place at the top of the Resources page when you save.`
            : 'Featuring this post puts it at the top of the Resources page when you save.'
        }
        confirmLabel="Feature"
        destructive={false}
        onConfirm={() => {
          update('isFeatured', true);
          setConfirmFeature(false);
        }}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open) blocker.reset?.();
        }}
        title="Leave without saving?"
        description="Your changes to this article are not saved. A copy stays in this browser and comes back when you open the editor again."
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={() => blocker.proceed?.()}
      />
    </AdminPage>
  );
}

/** A draft's preview link: opened here, or copied to share with someone who is not signed in. */
function PreviewLink({ postId, unsaved }: { postId: string; unsaved: boolean }) {
  const link = usePreviewLink();

  async function linkUrl(): Promise<string | null> {
    try {
      return (await link.mutateAsync(postId)).url;
    } catch {
      notify.error('Error', 'Failed to create the preview link.');
      return null;
    }
  }

  async function open() {
    // Opened before the request, so the browser does not take it for a pop-up.
    const tab = window.open('', '_blank');
    const url = await linkUrl();
    if (url && tab) tab.location.href = url;
    else tab?.close();
  }

  async function copy() {
    const url = await linkUrl();
    if (!url) return;
    try {
      await copyText(url);
      notify.success('Copied', 'Preview link copied to clipboard');
    } catch {
      notify.error('Copy Failed', 'Could not copy to clipboard.');
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void open()} disabled={link.isPending}>
          <ExternalLink className="size-4" aria-hidden="true" />
          Open preview
        </Button>
        <Button variant="secondary" onClick={() => void copy()} disabled={link.isPending}>
          {link.isPending ? <Spinner /> : <Copy className="size-4" aria-hidden="true" />}
          Copy preview link
        </Button>
      </div>
      {link.data ? (
        <p className="text-sm break-all text-muted">
          Preview link: <span className="font-mono text-foreground">{link.data.url}</span>
        </p>
      ) : null}
      <p className="text-sm text-muted">
        {unsaved ? 'The preview shows the last saved version: save the draft to include your latest changes. ' : ''}
        Anyone with the link can read the draft until it is published or deleted; search engines do not index it.
      </p>
    </div>
  );
}
