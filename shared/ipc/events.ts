import { z } from 'zod';
import { activityItem } from '../model/activity.ts';
import { id } from '../model/conversation.ts';
import { navigationTarget, updateState } from '../model/desktop.ts';
import { relayStatus } from '../model/relay.ts';
import { session, syncStatus } from '../model/session.ts';
import { settings } from '../model/settings.ts';

/**
 * Main-to-renderer events. Data changes are batched: one `changes` event per
 * sync round or write, listing ids, never one event per message.
 */
export const coreEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('changes'),
    conversations: z.array(id),
    removedConversations: z.array(id),
    /** Conversations whose thread (messages) changed. */
    threads: z.array(id),
    removedMessages: z.array(id),
    /** Local ids replaced by server ids once a pending write is confirmed. */
    replacedIds: z.array(z.object({ from: id, to: id })),
  }),
  z.object({ type: z.literal('status'), status: syncStatus }),
  z.object({ type: z.literal('session'), session }),
  z.object({ type: z.literal('activity'), items: z.array(activityItem) }),
  z.object({
    type: z.literal('notice'),
    level: z.enum(['info', 'warning', 'error']),
    message: z.string(),
  }),
  /** A clicked notification or a `parley://` link: show that place. */
  z.object({ type: z.literal('navigate'), target: navigationTarget }),
  z.object({ type: z.literal('update'), state: updateState }),
  /** A relay the app pulls from changed state (connected, unreachable, a new event's time). */
  z.object({ type: z.literal('relay'), status: relayStatus }),
  /** Settings changed outside the settings dialog (the tray's pause), so an open dialog follows. */
  z.object({ type: z.literal('settings'), settings }),
]);
export type CoreEvent = z.infer<typeof coreEvent>;
export type ChangesEvent = Extract<CoreEvent, { type: 'changes' }>;
