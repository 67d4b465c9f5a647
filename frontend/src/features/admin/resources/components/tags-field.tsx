import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, labelClasses, TextInput } from '@/components/ui/form-controls';
import { Tooltip } from '@/components/ui/tooltip';
import { addTag, TAG_LENGTH_LIMIT, TAGS_LIMIT } from '../lib/editor-form';

/**
 * Spec §5 "Tags": trimmed, no empties or duplicates, added with Add or Enter, removable. The
 * server's limits (20 tags of up to 50 characters) are shown and kept here; `error` is the
 * server's own message when it still refuses.
 */
export function TagsField({ tags, onChange, error }: { tags: string[]; onChange: (tags: string[]) => void; error?: string | null }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const full = tags.length >= TAGS_LIMIT;

  function add() {
    if (full) return;
    onChange(addTag(tags, draft));
    setDraft('');
  }

  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        Add a tag
      </label>
      <div className="flex gap-2">
        <TextInput
          id={id}
          value={draft}
          placeholder="Shooting form"
          maxLength={TAG_LENGTH_LIMIT}
          disabled={full}
          aria-describedby={`${id}-limits ${id}-error`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setDraft(event.target.value.slice(0, TAG_LENGTH_LIMIT))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add} disabled={full} className="shrink-0">
          <Plus className="size-4" aria-hidden="true" />
          Add
        </Button>
      </div>
      <p id={`${id}-limits`} className="mt-1.5 text-xs text-muted">
        <span className="tabular-nums">
          {tags.length}/{TAGS_LIMIT} tags
        </span>
        {full
          ? ' · The most a post can have: remove one to add another.'
          : ` · Up to ${TAG_LENGTH_LIMIT} characters each (${draft.length}/${TAG_LENGTH_LIMIT}).`}
      </p>
      <FormError id={`${id}-error`} message={error ?? null} className="mt-1.5" />
      {tags.length > 0 ? (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-soft py-1 pr-1 pl-3 text-sm font-semibold text-brand">
              {tag}
              <Tooltip label={`Remove tag ${tag}`}>
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onChange(tags.filter((other) => other !== tag))}
                  className="inline-flex size-6 items-center justify-center rounded-full hover:bg-brand-solid/20"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </Tooltip>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted">No tags yet.</p>
      )}
    </div>
  );
}
