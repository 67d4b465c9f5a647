/**
 * A field only bots fill in (the API rejects a submission whose `website` is not empty).
 * Kept out of sight, out of the tab order and away from assistive technology and autofill.
 */
export function HoneypotField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute top-0 -left-[9999px] h-px w-px overflow-hidden opacity-0">
      <label htmlFor={id}>Website</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
