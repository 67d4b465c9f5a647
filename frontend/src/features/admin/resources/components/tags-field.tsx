import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { labelClasses, TextInput } from '@/components/ui/form-controls';
import { addTag } from '../lib/editor-form';

/** Spec §5 "Tags": trimmed, no empties or duplicates, added with Add or Enter, removable. */
export function TagsField({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const id = useId();
  const [draft, setDraft] = useState('');

  function add() {
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
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add} className="shrink-0">
          <Plus className="size-4" aria-hidden="true" />
          Add
        </Button>
      </div>
      {tags.length > 0 ? (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-brand-soft py-1 pr-1 pl-3 text-sm font-semibold text-brand"
            >
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(tags.filter((other) => other !== tag))}
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-brand-solid/20"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted">No tags yet.</p>
      )}
    </div>
  );
}
