import { Pencil, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateCreatorCode, useUpdateCreatorCode, type CreatorCode, type CreatorCodeInput } from '../api/creator-codes';
import { Dialog } from '@/components/ui/dialog';
import { FieldShell, FormError, Select, Spinner, TextArea, TextInput } from '@/components/ui/form-controls';
import { CREATOR_PLATFORMS, DEFAULT_CREATOR_PLATFORM, isCreatorPlatform, optionalText, suggestCreatorCode, type CreatorPlatform } from '../lib/creator-code';
import { normalizeCode } from '@/features/admin/shell/lib/format';
import { CodeInput } from '@/features/admin/shell/components/code-input';

/** What the server takes (CreateCreatorCodeDto): the hint's own words when a character is not one of them. */
const PROMO_CODE = /^[A-Z0-9]*$/;

function codeProblem(code: string): string | null {
  if (PROMO_CODE.test(code)) return null;
  const refused = [...new Set(code.replace(/[A-Z0-9]/g, ''))].map((character) => `“${character}”`).join(' ');
  return `Upper case letters and digits only: remove ${refused}.`;
}

interface CodeForm {
  code: string;
  handle: string;
  influencerName: string;
  platform: CreatorPlatform;
  campaign: string;
  notes: string;
}

const EMPTY_FORM: CodeForm = {
  code: '',
  handle: '',
  influencerName: '',
  platform: DEFAULT_CREATOR_PLATFORM,
  campaign: '',
  notes: '',
};

function formOf(code: CreatorCode): CodeForm {
  return {
    code: code.code,
    handle: code.handle,
    influencerName: code.influencerName ?? '',
    platform: code.platform,
    campaign: code.campaign ?? '',
    notes: code.notes ?? '',
  };
}

function inputOf(form: CodeForm): CreatorCodeInput {
  return {
    code: normalizeCode(form.code),
    handle: form.handle.trim(),
    influencerName: optionalText(form.influencerName),
    platform: form.platform,
    campaign: optionalText(form.campaign),
    notes: optionalText(form.notes),
  };
}

/**
 * The create and edit form. The code follows the suggestion from the influencer's name
 * (spec §5) for as long as the code field is empty or still holds the last suggestion, i.e.
 * until the admin types a code of their own.
 */
export function CreatorCodeDialog({
  open,
  editing,
  onOpenChange,
}: {
  open: boolean;
  /** The code being edited, or null to create one. */
  editing: CreatorCode | null;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const create = useCreateCreatorCode();
  const update = useUpdateCreatorCode();
  const mutation = editing ? update : create;
  const [form, setForm] = useState<CodeForm>(() => (editing ? formOf(editing) : EMPTY_FORM));
  const [autoCode, setAutoCode] = useState(() => !editing);

  const problem = codeProblem(form.code);

  const set = <K extends keyof CodeForm>(name: K, value: CodeForm[K]) => setForm((current) => ({ ...current, [name]: value }));

  function changeName(value: string) {
    const follow = autoCode || form.code === '';
    setForm((current) => ({ ...current, influencerName: value, code: follow ? suggestCreatorCode(value) : current.code }));
    if (follow) setAutoCode(true);
  }

  function changeCode(code: string) {
    set('code', code);
    // Emptying the field hands it back to the suggestion.
    setAutoCode(code === '');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (codeProblem(normalizeCode(form.code))) return;
    const input = inputOf(form);
    if (editing) {
      // The code only when it changed: a code made before the rule (with a hyphen) can still be edited.
      const { code, ...rest } = input;
      update.mutate(
        { id: editing.id, patch: code === editing.code ? rest : input },
        {
          onSuccess: (saved) => {
            notify.success('Creator code updated', `${saved.code} was saved.`);
            onOpenChange(false);
          },
          onError: (error) => notify.error('Failed to update creator code', errorMessage(error)),
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (saved) => {
          notify.success('Creator code created', `${saved.code} is active.`);
          onOpenChange(false);
        },
        onError: (error) => notify.error('Failed to create creator code', errorMessage(error)),
      });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && mutation.isPending) return;
        onOpenChange(next);
      }}
      title={editing ? 'Edit Creator Code' : 'Create Creator Code'}
      description="The promo code and the social handle are required."
      size="lg"
    >
      <form
        onSubmit={submit}
        aria-label={editing ? 'Edit creator code' : 'Create creator code'}
        aria-busy={mutation.isPending}
        className="grid gap-5 sm:grid-cols-2"
      >
        <FieldShell id={`${id}-name`} label="Influencer name" optional>
          <TextInput
            id={`${id}-name`}
            name="influencerName"
            maxLength={100}
            autoComplete="off"
            value={form.influencerName}
            onChange={(event) => changeName(event.target.value)}
          />
        </FieldShell>
        <FieldShell id={`${id}-handle`} label="Social handle" required>
          <TextInput
            id={`${id}-handle`}
            name="handle"
            required
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            placeholder="@handle"
            value={form.handle}
            onChange={(event) => set('handle', event.target.value)}
          />
        </FieldShell>
        <FieldShell id={`${id}-platform`} label="Platform" required>
          <Select
            id={`${id}-platform`}
            name="platform"
            required
            value={form.platform}
            onChange={(event) => {
              if (isCreatorPlatform(event.target.value)) set('platform', event.target.value);
            }}
          >
            {CREATOR_PLATFORMS.map((platform) => (
              <option key={platform} value={platform}>
                {platform}
              </option>
            ))}
          </Select>
        </FieldShell>
        <FieldShell
          id={`${id}-code`}
          label="Promo code"
          required
          hint={autoCode && form.code ? 'Suggested from the influencer name; type to change it.' : 'Upper case letters and digits.'}
        >
          <CodeInput
            id={`${id}-code`}
            aria-describedby={`${id}-code-hint ${id}-code-error`}
            aria-invalid={problem ? true : undefined}
            value={form.code}
            onValueChange={changeCode}
          />
          <FormError id={`${id}-code-error`} message={problem} className="mt-1.5" />
        </FieldShell>
        <FieldShell id={`${id}-campaign`} label="Campaign" optional className="sm:col-span-2">
          <TextInput
            id={`${id}-campaign`}
            name="campaign"
            maxLength={100}
            autoComplete="off"
            value={form.campaign}
            onChange={(event) => set('campaign', event.target.value)}
          />
        </FieldShell>
        <FieldShell id={`${id}-notes`} label="Notes" optional className="sm:col-span-2">
          <TextArea id={`${id}-notes`} name="notes" rows={3} maxLength={1000} value={form.notes} onChange={(event) => set('notes', event.target.value)} />
        </FieldShell>
        <div className="flex flex-col-reverse gap-3 pt-1 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner /> : editing ? <Pencil className="size-4" aria-hidden="true" /> : <Plus className="size-4" aria-hidden="true" />}
            {mutation.isPending ? 'Saving...' : editing ? 'Save Changes' : 'Create Code'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
