import { defineConsumer, defineEvent } from '@swishly/platform';
import type { BroadcastAudience, LeaveOutFilters } from '@swishly/waitlist';

/**
 * One launch announcement (staff's news to the list): its own stream. Personal data: none. The
 * subject and body are staff's own writing for everyone; recipients are found at send time from
 * the waitlist (an erased member is simply not there), and their emails live in the mail log,
 * which erasure and retention already clear.
 */
export const BROADCAST_STREAM = 'broadcast';

/** Recipients per chunk: each chunk is one job and one transaction (its emails go in batches of 100). */
export const BROADCAST_CHUNK_SIZE = 500;

/** Staff asked for an announcement to `audience`; `total` members were in it, cut into `chunks` chunks. */
export const BroadcastRequested = defineEvent<{
  broadcastId: string;
  subject: string;
  html: string;
  audience: BroadcastAudience;
  /** Whom staff left out of the audience (absent before staff could choose). */
  leaveOut?: LeaveOutFilters;
  total: number;
  chunks: number;
}>('broadcast.requested');
/**
 * Staff asked for an announcement to go out at `sendAt`: at that time the worker's scheduled pass
 * counts the audience as it is then and requests it (BroadcastRequested on the same stream, its
 * actor the system), unless it was cancelled first.
 */
export const BroadcastScheduled = defineEvent<{
  broadcastId: string;
  subject: string;
  html: string;
  audience: BroadcastAudience;
  leaveOut: LeaveOutFilters;
  sendAt: string;
}>('broadcast.scheduled');
/** A scheduled announcement that will not go: staff cancelled it, or nobody in its audience could be emailed when its time came. */
export const BroadcastCancelled = defineEvent<{ broadcastId: string; reason: 'staff' | 'empty_audience' }>('broadcast.cancelled');
/** One chunk to send: the audience's members with signup numbers fromSignup..toSignup (`planned` of them at the request). */
export const BroadcastChunkQueued = defineEvent<{
  broadcastId: string;
  chunk: number;
  audience: BroadcastAudience;
  leaveOut?: LeaveOutFilters;
  fromSignup: number;
  toSignup: number;
  planned: number;
}>('broadcast.chunk-queued');
/** A chunk's emails are written (and go out after its commit); `skipped`: planned members no longer to be mailed (erased, unsubscribed, suppressed). */
export const BroadcastChunkSent = defineEvent<{ broadcastId: string; chunk: number; queued: number; skipped: number }>('broadcast.chunk-sent');
/** A staff member asked for the announcement as it stands to be sent to their own address (the event's actor). */
export const BroadcastTestRequested = defineEvent<{ testId: string; subject: string; html: string }>('broadcast.test-requested');

/** Sends each chunk of an announcement, one job each, several at once. */
export const SendBroadcastChunk = defineConsumer('admin.send-broadcast-chunk', [BroadcastChunkQueued], { oneJobPerEvent: true });
/** Sends a test of an announcement to the staff member who asked. */
export const SendBroadcastTest = defineConsumer('admin.send-broadcast-test', [BroadcastTestRequested]);
