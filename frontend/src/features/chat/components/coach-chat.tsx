import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { notify } from '@/components/ui/toast';
import { DESKTOP_QUERY } from '@/hooks/use-media-query';
import { brandName } from '@/lib/brand';
import { prefersReducedMotion } from '@/lib/motion';
import { getChatMessages } from '../api/chat-messages';
import { ChatStreamError, streamChat } from '../api/stream-chat';
import { copyText } from '@/lib/clipboard';
import { greetingFor, shareLinkFor, shareTextFor } from '../lib/coach-text';
import type { ChatMessage, CoachAnalysis, CoachKind } from '../types';
import { BotBubble, TypingIndicator, UserBubble } from './chat-bubbles';
import { ChatComposer } from './chat-composer';
import { CoachAvatar } from './coach-avatar';

// The coach chat (spec §2 "Coach chat", §4 "Chat", §5, §8 "Chat"). The coach is named after the
// product. The first bot message (the greeting) is typed out before the input unlocks; then
// the conversation stored for this shot code follows. A sent message shows the three-dot
// indicator until the reply starts streaming; the reply types out as it arrives.

const GREETING_ID = 'greeting';
const CONNECTION_APOLOGY = "Sorry, I'm having trouble connecting. Try again in a moment.";

let nextId = 0;
const localId = (prefix: string) => `${prefix}-${(nextId += 1)}`;

export function CoachChat({
  kind,
  code,
  claimToken,
  referralCode,
  firstName,
  analysis,
  firstFocus,
  intro,
}: {
  kind: CoachKind;
  code: string;
  /** The shot's claim token: the chat answers its claimer only. */
  claimToken: string | null;
  /** The player's referral code: the shared analysis invites friends to the waitlist with it. */
  referralCode: string | null;
  firstName: string | null;
  analysis: CoachAnalysis;
  /** The analysis's first focus, in its words, for the greeting. */
  firstFocus: string | null;
  /** Shown at the top of the conversation's scroll area (the page hides it from 768 px). */
  intro?: ReactNode;
}) {
  const coachName = brandName;
  const [animate] = useState(() => !prefersReducedMotion());
  const [greeting] = useState<ChatMessage>(() => ({
    id: GREETING_ID,
    sender: 'bot',
    content: greetingFor(coachName, firstName, analysis, firstFocus),
    streaming: false,
  }));
  const [greetingDone, setGreetingDone] = useState(false);
  const [history, setHistory] = useState<ChatMessage[]>([]);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [waiting, setWaiting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const abortRef = useRef<AbortController | null>(null);

  // Follow the conversation while the visitor is at its end; leave them be when they scrolled up.
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  // On a phone the analysis is above the greeting: start at the top there.
  const stickToBottom = useRef(!intro || window.matchMedia(DESKTOP_QUERY).matches);
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const content = contentRef.current;
    if (!scroller || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stickToBottom.current) scroller.scrollTop = scroller.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, []);
  const onScroll = () => {
    const scroller = scrollRef.current;
    if (scroller) stickToBottom.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 48;
  };

  // Earlier messages of this code, shown after the greeting. Missing history is not an error
  // worth a toast: the chat works without it.
  useEffect(() => {
    const controller = new AbortController();
    getChatMessages(kind, code, claimToken, controller.signal)
      .then((stored) => {
        setHistory(stored.messages.map((m) => ({ id: m.id, sender: m.sender, content: m.content, streaming: false, instant: true })));
        setSuggestions(stored.suggestions);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('Could not load the earlier chat messages:', error);
      });
    return () => controller.abort();
  }, [kind, code, claimToken]);

  useEffect(() => () => abortRef.current?.abort(), []);

  const onTypedOut = useCallback(
    (id: string) => {
      if (id !== GREETING_ID) return;
      setGreetingDone(true);
      setAnnouncement(greeting.content);
    },
    [greeting],
  );

  const updateMessage = (id: string, change: (message: ChatMessage) => ChatMessage) =>
    setMessages((list) => list.map((message) => (message.id === id ? change(message) : message)));

  async function send(asked?: string) {
    const text = (asked ?? draft).trim();
    if (!text || busy || !greetingDone) return;
    if (asked === undefined) setDraft('');
    setBusy(true);
    setWaiting(true);
    setAnnouncement(`${coachName} is typing`);
    stickToBottom.current = true;
    const replyId = localId('reply');
    let reply = '';
    setMessages((list) => [...list, { id: localId('user'), sender: 'user', content: text, streaming: false }]);

    const controller = new AbortController();
    abortRef.current = controller;
    try {
      await streamChat(
        { kind, shotCode: code, message: text, userName: firstName ?? undefined },
        claimToken,
        (delta) => {
          if (!reply) {
            setWaiting(false);
            setMessages((list) => [...list, { id: replyId, sender: 'bot', content: delta, streaming: true }]);
          } else {
            updateMessage(replyId, (message) => ({ ...message, content: message.content + delta }));
          }
          reply += delta;
        },
        controller.signal,
      );
      updateMessage(replyId, (message) => ({ ...message, streaming: false }));
      setAnnouncement(reply);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('The coach chat failed:', error);
      const tooMany = error instanceof ChatStreamError && error.status === 429;
      notify.error('Communication Error', tooMany ? error.message : "Couldn't connect with the coach. Please try again.");
      updateMessage(replyId, (message) => ({ ...message, streaming: false }));
      setMessages((list) => [...list, { id: localId('failed'), sender: 'bot', content: CONNECTION_APOLOGY, streaming: false, failed: true }]);
      setAnnouncement(CONNECTION_APOLOGY);
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setWaiting(false);
      setBusy(false);
    }
  }

  async function share() {
    const text = shareTextFor(brandName, analysis, shareLinkFor(window.location.origin, referralCode));
    try {
      await copyText(text);
      notify.success('Analysis Copied!', 'Share your shot analysis with friends.');
    } catch (error) {
      console.warn('Could not copy the analysis:', error);
      notify.error('Copy Failed', 'Could not copy to clipboard.');
    }
  }

  return (
    <section
      aria-label={`Chat with ${coachName}`}
      data-testid="coach-chat"
      // A phone's whole screen; from 768 px a bordered box whose conversation is 450 px high (spec §9).
      className="flex h-full min-h-0 flex-col bg-elevated text-foreground md:h-auto md:overflow-hidden md:rounded-2xl md:border md:border-border"
    >
      <header className="flex shrink-0 items-center gap-3 border-b border-border px-4 py-3">
        <CoachAvatar className="size-10" />
        <div className="min-w-0">
          <h2 className="font-display text-lg leading-tight font-bold">{coachName}</h2>
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
            Your AI shooting coach
          </p>
        </div>
      </header>
      <div
        ref={scrollRef}
        onScroll={onScroll}
        // Focusable so keyboard users can scroll it; the live region below announces new messages.
        role="region"
        tabIndex={0}
        aria-label="Conversation"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring md:h-[450px] md:flex-none"
      >
        <div ref={contentRef}>
          {intro}
          <ol className="flex flex-col gap-3 px-3 py-4 sm:px-4" data-testid="chat-messages">
            <BotBubble message={greeting} animate={animate} onTypedOut={onTypedOut} />
            {greetingDone ? history.map((message) => <Bubble key={message.id} message={message} animate={animate} />) : null}
            {messages.map((message) => (
              <Bubble key={message.id} message={message} animate={animate} />
            ))}
            {waiting ? <TypingIndicator coachName={coachName} /> : null}
          </ol>
          {greetingDone && !busy && suggestionsShown(suggestions, [...history, ...messages]) ? (
            <Suggestions
              suggestions={suggestions}
              onPick={(question) => {
                // The picked button goes away with the question asked: the input takes the focus.
                contentRef.current?.closest('section')?.querySelector('textarea')?.focus();
                void send(question);
              }}
            />
          ) : null}
        </div>
      </div>
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
      <ChatComposer
        coachName={coachName}
        unlocked={greetingDone}
        busy={busy}
        draft={draft}
        onDraftChange={setDraft}
        onSend={() => void send()}
        onShare={() => void share()}
      />
    </section>
  );
}

/**
 * Questions to tap: before the player has asked anything, and after a reply that offered them
 * (the coach lists them when it could not place a question).
 */
function suggestionsShown(suggestions: string[], conversation: ChatMessage[]): boolean {
  if (suggestions.length === 0) return false;
  const last = conversation[conversation.length - 1];
  if (!conversation.some((m) => m.sender === 'user')) return true;
  return last?.sender === 'bot' && !last.streaming && suggestions.some((s) => last.content.includes(s));
}

function Suggestions({ suggestions, onPick }: { suggestions: string[]; onPick: (question: string) => void }) {
  return (
    <div className="px-3 pb-4 sm:px-4" data-testid="chat-suggestions">
      <p className="mb-2 text-xs font-semibold text-muted">Try asking</p>
      <ul className="flex flex-wrap gap-2">
        {suggestions.map((question) => (
          <li key={question}>
            <button
              type="button"
              onClick={() => onPick(question)}
              className="rounded-full border border-border bg-background px-3 py-1.5 text-left text-sm text-foreground hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Bubble({ message, animate }: { message: ChatMessage; animate: boolean }) {
  return message.sender === 'user' ? <UserBubble message={message} /> : <BotBubble message={message} animate={animate} />;
}
