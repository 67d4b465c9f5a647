import { clsx } from 'clsx';
import { useEffect, useRef } from 'react';
import { useTypedLength } from '../hooks/use-typed-length';
import type { ChatMessage } from '../types';
import { CoachAvatar } from './coach-avatar';

const bubbleBase = 'max-w-[85%] rounded-2xl px-4 py-2.5 text-[0.95rem] leading-relaxed break-words whitespace-pre-wrap';

/**
 * A coach message, typed out (spec §2 "Coach chat"). `onTypedOut` fires once, when the whole
 * text shows and no more is coming.
 */
export function BotBubble({ message, animate, onTypedOut }: { message: ChatMessage; animate: boolean; onTypedOut?: (id: string) => void }) {
  const shown = useTypedLength(message.content.length, animate && !message.instant);
  const complete = !message.streaming && shown >= message.content.length;
  const reported = useRef(false);

  useEffect(() => {
    if (!complete || reported.current) return;
    reported.current = true;
    onTypedOut?.(message.id);
  }, [complete, message.id, onTypedOut]);

  return (
    <li className="flex items-end gap-2" data-sender="bot" data-typing={complete ? 'false' : 'true'}>
      <CoachAvatar className="size-7" />
      <p
        className={clsx(
          bubbleBase,
          'rounded-bl-md',
          message.failed
            ? 'border border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100'
            : 'bg-surface text-foreground',
        )}
      >
        {message.content.slice(0, shown)}
        {complete ? null : <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-0.5 translate-y-0.5 animate-pulse bg-current" />}
      </p>
    </li>
  );
}

export function UserBubble({ message }: { message: ChatMessage }) {
  return (
    <li className="flex justify-end" data-sender="user">
      <p className={clsx(bubbleBase, 'rounded-br-md bg-brand-solid text-on-brand')}>{message.content}</p>
    </li>
  );
}

/** The three-dot wait indicator while a reply is pending. */
export function TypingIndicator({ coachName }: { coachName: string }) {
  return (
    <li className="flex items-end gap-2" data-testid="chat-typing-indicator">
      <CoachAvatar className="size-7" />
      <p className="flex h-10 items-center gap-1 rounded-2xl rounded-bl-md bg-surface px-4">
        <span className="sr-only">{coachName} is typing</span>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            className="size-2 animate-bounce rounded-full bg-muted motion-reduce:animate-none"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </p>
    </li>
  );
}
