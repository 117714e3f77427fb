import { z } from 'zod';
import { epochMs, id } from './conversation.ts';
import { languageTag } from './settings.ts';

/** Where a deep link or a clicked notification takes the user. */
export const navigationTarget = z.discriminatedUnion('kind', [
  /** At one of its messages when `messageId` is given (a message's "Copy link"). */
  z.object({ kind: z.literal('conversation'), conversationId: id, messageId: id.optional() }),
  z.object({ kind: z.literal('order'), orderId: id }),
  /** The activity view itself: a catalogue event that belongs to no order (a product change). */
  z.object({ kind: z.literal('activity') }),
  /** The keyboard shortcuts (Help in the app's menu). */
  z.object({ kind: z.literal('shortcuts') }),
]);
export type NavigationTarget = z.infer<typeof navigationTarget>;

export const UPDATE_STATUSES = [
  /** Nothing will be checked: see `reason`. */
  'off',
  'idle',
  'checking',
  'downloading',
  /** Downloaded; "Restart to update" is offered. */
  'ready',
] as const;

export const updateOffReason = z.enum([
  /** The preview, the CLI or a development build: updates belong to installed apps. */
  'not-installed',
  /** This build was packaged without an update feed. */
  'no-feed',
  /** The user turned automatic updates off. */
  'turned-off',
]);

export const updateState = z.object({
  status: z.enum(UPDATE_STATUSES),
  reason: updateOffReason.nullable(),
  /** The version being downloaded or ready to install. */
  version: z.string().max(64).nullable(),
  /** Download progress, 0–100, while downloading. */
  percent: z.number().min(0).max(100).nullable(),
  lastCheckedAt: epochMs.nullable(),
  /** Why the last check or download failed; shown in settings, never as a banner. */
  lastError: z.string().max(500).nullable(),
});
export type UpdateState = z.infer<typeof updateState>;

/** What the host can do; the preview and the CLI answer with everything unavailable. */
export const desktopCapabilities = z.object({
  /** Closing the window can keep Parley running in the tray (Windows, Linux). */
  closeToTray: z.boolean(),
  startAtLogin: z.boolean(),
  /** Dictionaries Chromium offers here; empty where the OS spell checker picks them (macOS). */
  spellCheckLanguages: z.array(languageTag).max(200),
  /** What "follow the system" means here: the languages the OS prefers, as dictionaries. */
  systemSpellCheckLanguages: z.array(languageTag).max(8),
});
export type DesktopCapabilities = z.infer<typeof desktopCapabilities>;
