import type { DomainEvent } from '@swishly/platform';
import {
  PostFields,
  PostImage,
  ResourcePostCreated,
  ResourcePostEdited,
  ResourcePostImageSet,
  ResourcePostRevisionDiscarded,
  ResourcePostRevisionSaved,
} from './resources.events';

/**
 * A post's revision history, read from its own event stream: every save that changed what staff
 * write is a revision, with the whole post as it stood after it. Nothing is stored beside the log,
 * so the history needs no projection and a replay cannot change it.
 */

/** What a revision holds: the written fields and the featured image. */
export type RevisionContent = PostFields & { image: PostImage };

/** A field of RevisionContent, named as the API names it. */
export type RevisionField =
  'title' | 'slug' | 'excerpt' | 'content' | 'tags' | 'author_name' | 'author_image_url' | 'author_bio' | 'meta_title' | 'meta_description' | 'featured_image';

const FIELD_NAMES: [keyof PostFields, RevisionField][] = [
  ['title', 'title'],
  ['slug', 'slug'],
  ['excerpt', 'excerpt'],
  ['content', 'content'],
  ['tags', 'tags'],
  ['authorName', 'author_name'],
  ['authorImageUrl', 'author_image_url'],
  ['authorBio', 'author_bio'],
  ['metaTitle', 'meta_title'],
  ['metaDescription', 'meta_description'],
];

export type RevisionKind = 'created' | 'saved' | 'revision' | 'restored';

export interface Revision {
  /** The id of the event that made it. */
  id: string;
  /** 1 for the post as created, then one up per revision. */
  number: number;
  /** created; saved (the post's own text changed); revision (kept unpublished beside a published post); restored (an earlier one brought back). */
  kind: RevisionKind;
  savedAt: string;
  /** The staff member who saved it (an admin_users id), null for the system. */
  savedBy: string | null;
  /** What differs from the revision before. */
  changed: RevisionField[];
  /** The number of the revision it restored. */
  restoredFrom: number | null;
  content: RevisionContent;
}

export interface RevisionHistory {
  /** Oldest first. */
  revisions: Revision[];
  /** The post's own text now (what readers see once it is published). */
  current: Revision | null;
  /** An unpublished revision waiting beside a published post, if any. */
  pending: Revision | null;
}

export function changedFields(before: RevisionContent | null, after: RevisionContent): RevisionField[] {
  const changed: RevisionField[] = [];
  for (const [key, name] of FIELD_NAMES) {
    const was = before?.[key] ?? null;
    const now = after[key] ?? null;
    const same = Array.isArray(now) ? Array.isArray(was) && was.join('\u0000') === now.join('\u0000') : was === now || (was === '' && now === null);
    if (!same && !(before === null && (now === null || (Array.isArray(now) && now.length === 0)))) changed.push(name);
  }
  if ((before?.image.url ?? null) !== after.image.url || (before?.image.alt ?? null) !== after.image.alt) {
    if (before !== null || after.image.url !== null) changed.push('featured_image');
  }
  return changed;
}

/** Folds a post's stream (oldest first) into its revisions. */
export function revisionHistory(events: DomainEvent[]): RevisionHistory {
  const revisions: Revision[] = [];
  let current: Revision | null = null;
  let pending: Revision | null = null;
  const numberOf = (eventId: string | undefined) => (eventId ? (revisions.find((revision) => revision.id === eventId)?.number ?? null) : null);
  const add = (event: DomainEvent, kind: RevisionKind, content: RevisionContent, restoredFrom?: string): Revision => {
    const before = revisions.at(-1)?.content ?? null;
    const revision: Revision = {
      id: event.id,
      number: revisions.length + 1,
      kind,
      savedAt: event.occurredAt,
      savedBy: event.metadata.actorType === 'admin' ? (event.metadata.actorId ?? null) : null,
      changed: changedFields(before, content),
      restoredFrom: numberOf(restoredFrom),
      content,
    };
    revisions.push(revision);
    return revision;
  };

  for (const event of events) {
    if (ResourcePostCreated.is(event)) {
      // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the post's id is not a field
      const { postId, ...fields } = event.payload;
      current = add(event, 'created', { ...fields, image: { url: null, alt: null } });
    } else if (ResourcePostEdited.is(event) && current) {
      // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the post's id is not a field
      const { postId, restoredFrom, ...changes } = event.payload;
      current = add(event, restoredFrom ? 'restored' : 'saved', { ...current.content, ...changes }, restoredFrom);
      pending = null;
    } else if (ResourcePostImageSet.is(event) && current) {
      const image = { url: event.payload.url, alt: event.payload.alt };
      const last = revisions.at(-1);
      if (last === current && last.savedAt === event.occurredAt) {
        // Set in the same save as the text: one revision.
        last.content = { ...last.content, image };
        last.changed = changedFields(revisions.at(-2)?.content ?? null, last.content);
      } else {
        current = add(event, 'saved', { ...current.content, image });
      }
    } else if (ResourcePostRevisionSaved.is(event)) {
      const { fields, image, restoredFrom } = event.payload;
      pending = add(event, restoredFrom ? 'restored' : 'revision', { ...fields, image }, restoredFrom);
    } else if (ResourcePostRevisionDiscarded.is(event)) {
      pending = null;
    }
  }
  return { revisions, current, pending };
}
