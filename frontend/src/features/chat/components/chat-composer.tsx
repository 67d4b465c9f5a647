import { SendHorizontal, Share2 } from 'lucide-react';
import { useId, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { Tooltip, TooltipProvider } from '@/components/ui/tooltip';

// The input row (spec §2 "Coach chat"): locked until the first bot message has been typed out;
// the share and send buttons appear only then. Enter sends, Shift+Enter makes a new line.

const iconButton = 'inline-flex size-11 shrink-0 items-center justify-center rounded-full transition-colors disabled:pointer-events-none disabled:opacity-50';

export function ChatComposer({
  coachName,
  unlocked,
  busy,
  draft,
  onDraftChange,
  onSend,
  onShare,
}: {
  coachName: string;
  unlocked: boolean;
  busy: boolean;
  draft: string;
  onDraftChange: (value: string) => void;
  onSend: () => void;
  onShare: () => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // An IME composing a word uses Enter to pick it.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSend();
  }

  return (
    <div className="shrink-0 border-t border-border px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-4">
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onSend();
          inputRef.current?.focus();
        }}
      >
        <label htmlFor={`${id}-message`} className="sr-only">
          Message {coachName}
        </label>
        <textarea
          ref={inputRef}
          id={`${id}-message`}
          name="message"
          rows={1}
          maxLength={1000}
          disabled={!unlocked}
          placeholder={`Ask ${coachName}...`}
          aria-describedby={`${id}-consent`}
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={onKeyDown}
          className="field-sizing-content max-h-36 min-h-11 w-full resize-none rounded-2xl border border-border-strong bg-background px-4 py-2.5 text-base text-foreground placeholder:text-muted/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:opacity-60"
        />
        {unlocked ? (
          <TooltipProvider>
            <Tooltip label="Share your analysis">
              <button
                type="button"
                onClick={onShare}
                aria-label="Share your analysis"
                className={`${iconButton} border border-border-strong text-foreground hover:bg-surface`}
              >
                <Share2 className="size-5" aria-hidden="true" />
              </button>
            </Tooltip>
            <Tooltip label="Send message">
              <button
                type="submit"
                disabled={busy || !draft.trim()}
                aria-label="Send message"
                className={`${iconButton} bg-brand-solid text-on-brand shadow-sm hover:bg-brand-solid-hover`}
              >
                <SendHorizontal className="size-5" aria-hidden="true" />
              </button>
            </Tooltip>
          </TooltipProvider>
        ) : null}
      </form>
      <p id={`${id}-consent`} className="mt-2 text-center text-xs text-pretty text-muted">
        We keep this conversation so the coach can follow it, and only you can open it. You can have it deleted on the{' '}
        <Link to="/privacy-request" className="font-medium text-foreground underline underline-offset-2 hover:text-brand">
          privacy request page
        </Link>
        ; see our{' '}
        <Link to="/privacy-policy" className="font-medium text-foreground underline underline-offset-2 hover:text-brand">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
