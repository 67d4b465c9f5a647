import { Plus, RefreshCw, Save, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldShell, FormError, labelClasses, Select, Spinner, TextInput } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { Panel } from '@/features/admin/shell/components/admin-page';
import { uploadResourceImage } from '@/features/admin/shell/api/images';
import { RichTextEditor } from '@/features/admin/shell/components/rich-text-editor';
import { hasContent } from '@/features/admin/shell/lib/rich-text';
import { useOneAtATime } from '@/features/admin/shell/lib/use-one-at-a-time';
import { REWARDS, useMilestones, useSaveMilestones, type MilestoneReward, type SavedMilestone } from '../api/referral-milestones';

/** One milestone as the form holds it (the number as typed); `key` keeps its editor across removals. */
interface Row {
  key: string;
  referrals: string;
  reward: MilestoneReward;
  subject: string;
  html: string;
}

const MAX_MILESTONES = 20;
const n = (value: number) => value.toLocaleString('en-US');
const friends = (count: number) => `${n(count)} ${count === 1 ? 'friend' : 'friends'}`;

const rowOf = (m: SavedMilestone): Row => ({
  key: crypto.randomUUID(),
  referrals: String(m.referrals),
  reward: m.reward,
  subject: m.subject,
  html: m.html,
});
const newRow = (after: Row[]): Row => {
  const highest = Math.max(0, ...after.map((r) => Number.parseInt(r.referrals, 10) || 0));
  return { key: crypto.randomUUID(), referrals: String(highest + 1), reward: 'email', subject: '', html: '' };
};

/** What is wrong with the list, in the words the server would use (it checks again), or null. */
function problemOf(rows: Row[]): string | null {
  const seen = new Set<number>();
  for (const [i, row] of rows.entries()) {
    const at = `Milestone ${i + 1}`;
    const count = Number(row.referrals);
    if (!/^\d+$/.test(row.referrals.trim()) || count < 1 || count > 1000) return `${at}: give a whole number of friends from 1 to 1,000.`;
    if (seen.has(count)) return `Two milestones are at ${friends(count)}: give each number of friends once.`;
    seen.add(count);
    if (!row.subject.trim()) return `${at}: give the email a subject.`;
    if (!hasContent(row.html)) return `${at}: write the email.`;
  }
  return null;
}

/**
 * Staff's milestones: at each number of friends who confirmed, an early-access code or a
 * thank-you email, with the email staff write here. Saved as a whole list; each shows how many
 * members reached it and how many passed it before it existed (the catch-up's business).
 */
export function MilestonesEditor({ following = false }: { following?: boolean }) {
  const id = useId();
  const milestones = useMilestones(following);
  const save = useSaveMilestones();
  const once = useOneAtATime();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The form starts from the saved list (and starts again from each save's answer).
  useEffect(() => {
    if (milestones.data && rows === null) setRows(milestones.data.map(rowOf));
  }, [milestones.data, rows]);

  const update = (key: string, change: Partial<Row>) => setRows((current) => current?.map((row) => (row.key === key ? { ...row, ...change } : row)) ?? current);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!rows) return;
    const problem = problemOf(rows);
    setError(problem);
    if (problem) return;
    once((done) =>
      save.mutate(
        rows.map((row) => ({ referrals: Number(row.referrals), reward: row.reward, subject: row.subject.trim(), html: row.html })),
        {
          onSuccess: (saved) => {
            setRows(saved.milestones.map(rowOf));
            notify.success('Milestones saved', saved.milestones.length ? `${saved.milestones.length} milestones.` : 'No milestones now.');
          },
          onError: (e) => setError(errorMessage(e)),
          onSettled: done,
        },
      ),
    );
  }

  return (
    <Panel aria-labelledby={`${id}-title`} className="mb-8">
      <h2 id={`${id}-title`} className="font-display text-xl font-bold tracking-tight text-foreground">
        Milestones
      </h2>
      <p className="mt-1 text-sm text-muted">
        A friend counts once they confirm their address, as a referral always does. Each member gets each milestone once, whatever happens after. Members who
        passed a milestone before you add it get it from the catch-up below, or when their next friend confirms.
      </p>
      {milestones.isPending ? (
        <div role="status" className="mt-6 flex items-center gap-3 text-muted">
          <Spinner />
          Loading the milestones…
        </div>
      ) : milestones.isError && rows === null ? (
        <div className="mt-6 flex flex-col items-start gap-3">
          <p className="text-muted">The milestones could not be loaded. {errorMessage(milestones.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => milestones.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : rows ? (
        <form onSubmit={submit} noValidate className="mt-5 space-y-5" aria-describedby={error ? `${id}-error` : undefined}>
          {rows.length === 0 ? (
            <div className="rounded-xl border border-dashed border-border p-6 text-center">
              <p className="font-semibold text-foreground">No milestones yet</p>
              <p className="mt-1 text-sm text-muted">Add one: for example an early-access code at 3 friends, and a thank-you at the first.</p>
            </div>
          ) : (
            <ol className="space-y-4">
              {rows.map((row, i) => {
                // What the saved milestone at this number has given (read again while a catch-up runs).
                const saved = milestones.data?.find((m) => String(m.referrals) === row.referrals.trim());
                return (
                  <li key={row.key} className="rounded-xl border border-border p-4" aria-labelledby={`${id}-${row.key}-title`}>
                    <div className="mb-4 flex flex-wrap items-center gap-2">
                      <h3 id={`${id}-${row.key}-title`} className="font-semibold text-foreground">
                        Milestone {i + 1}
                      </h3>
                      {saved ? (
                        <Badge tone={saved.reached ? 'success' : 'neutral'}>Reached by {n(saved.reached)}</Badge>
                      ) : (
                        <Badge tone="info">Not saved yet</Badge>
                      )}
                      {saved?.waiting ? <Badge tone="warning">{n(saved.waiting)} passed it before it existed</Badge> : null}
                      <Button
                        variant="ghost"
                        size="sm"
                        className="ml-auto"
                        onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
                        aria-label={`Remove milestone ${i + 1}`}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        Remove
                      </Button>
                    </div>
                    <div className="grid gap-4 sm:grid-cols-[12rem_14rem_1fr]">
                      <FieldShell id={`${id}-${row.key}-referrals`} label="Friends who confirmed" required>
                        <TextInput
                          id={`${id}-${row.key}-referrals`}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={1000}
                          step={1}
                          value={row.referrals}
                          onChange={(event) => update(row.key, { referrals: event.target.value })}
                        />
                      </FieldShell>
                      <FieldShell id={`${id}-${row.key}-reward`} label="Reward" required hint={REWARDS.find((r) => r.value === row.reward)?.hint}>
                        <Select
                          id={`${id}-${row.key}-reward`}
                          value={row.reward}
                          aria-describedby={`${id}-${row.key}-reward-hint`}
                          onChange={(event) => update(row.key, { reward: event.target.value as MilestoneReward })}
                        >
                          {REWARDS.map((reward) => (
                            <option key={reward.value} value={reward.value}>
                              {reward.label}
                            </option>
                          ))}
                        </Select>
                      </FieldShell>
                      <FieldShell id={`${id}-${row.key}-subject`} label="Email subject" required>
                        <TextInput
                          id={`${id}-${row.key}-subject`}
                          value={row.subject}
                          maxLength={200}
                          placeholder={row.reward === 'early_access' ? 'Your friends got you in early' : 'Thank you for spreading the word'}
                          onChange={(event) => update(row.key, { subject: event.target.value })}
                        />
                      </FieldShell>
                    </div>
                    <div className="mt-4">
                      <p id={`${id}-${row.key}-body`} className={labelClasses}>
                        Email
                        <span aria-hidden="true" className="text-brand">
                          {' '}
                          *
                        </span>
                      </p>
                      <RichTextEditor
                        labelId={`${id}-${row.key}-body`}
                        initialHtml={row.html}
                        onChange={(html) => update(row.key, { html })}
                        uploadImage={(file) => uploadResourceImage(file, file.name)}
                        placeholder="Thank them, and say what they get…"
                      />
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
          <p className="text-sm text-muted">
            Make each email the member's own with <code>{'{{first_name}}'}</code>, <code>{'{{position}}'}</code> and <code>{'{{referral_link}}'}</code>, as in
            announcements.
          </p>
          <FormError id={`${id}-error`} message={error} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button variant="secondary" onClick={() => setRows([...rows, newRow(rows)])} disabled={rows.length >= MAX_MILESTONES}>
              <Plus className="size-4" aria-hidden="true" />
              Add milestone
            </Button>
            <Button type="submit" disabled={save.isPending} className="sm:ml-auto">
              {save.isPending ? <Spinner /> : <Save className="size-4" aria-hidden="true" />}
              Save milestones
            </Button>
          </div>
        </form>
      ) : null}
    </Panel>
  );
}
