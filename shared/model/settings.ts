import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { eventDelivery, relayUrl } from './relay.ts';

export const CATALOGUE_EVENT_TYPES = [
  'product.created',
  'product.updated',
  'product.deleted',
  'order.created',
  'order.updated',
  'shipment.created',
  'shipment.updated',
  'invoice.created',
  'invoice.updated',
] as const;
export const catalogueEventType = z.enum(CATALOGUE_EVENT_TYPES);
export type CatalogueEventType = z.infer<typeof catalogueEventType>;
/** A choice of event types: each at most once, so never more than the nine. */
export const catalogueEventTypes = z
  .array(catalogueEventType)
  .max(CATALOGUE_EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, 'name each event type once');

const intervalMs = z.number().int().min(500).max(3_600_000);

export const pollingSettings = z.object({
  /** Focused window with a conversation open. */
  openMs: intervalMs,
  /** Focused window, no conversation open. */
  focusedMs: intervalMs,
  /** Background or minimized. */
  backgroundMs: intervalMs,
  /** How often the conversation list itself is refreshed. */
  conversationsMs: intervalMs,
});

export const webhookSettings = z.object({
  /** Pulled from a relay, or delivered to the receiver below (which listens only then). */
  delivery: eventDelivery,
  /** The relay's address; its token is in the vault, bound to it (relay:configure). */
  relayUrl,
  /** The receiver listens (when delivery is direct). */
  enabled: z.boolean(),
  host: z.string().max(LIMITS.nameLength),
  port: z.number().int().min(0).max(65_535),
  path: z
    .string()
    .max(LIMITS.nameLength)
    .regex(/^\/[\w\-./]*$/, 'path must start with / and contain no spaces'),
  catalogueUrl: z.string().max(LIMITS.urlLength),
  notificationUrl: z.string().max(LIMITS.urlLength),
  events: catalogueEventTypes,
  notify: z.record(catalogueEventType, z.boolean()),
  messageCustomer: z.boolean(),
});

export const START_AT_LOGIN = ['off', 'on', 'hidden'] as const;
export type StartAtLogin = (typeof START_AT_LOGIN)[number];

/** Chromium checks every chosen language on every word; a few is what stays fast. */
export const MAX_SPELLCHECK_LANGUAGES = 5;

/** A BCP 47 tag as Chromium names its dictionaries: `en-US`, `de`, `pt-BR`. */
export const languageTag = z
  .string()
  .max(16)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'not a language tag');

/** How Parley behaves as a desktop app; the preview and the CLI keep but ignore most of it. */
export const desktopSettings = z.object({
  /** Windows and Linux: closing the window keeps Parley running in the tray. */
  closeToTray: z.boolean(),
  startAtLogin: z.enum(START_AT_LOGIN),
  /** Notifications say who wrote, never what ("New message from Ava"). */
  hideNotificationText: z.boolean(),
  /** No notifications before this time (ms since the epoch); null when not paused. */
  notificationsPausedUntil: z.number().int().min(0).max(253_402_300_799_000).nullable(),
  /** Spell-check dictionaries; empty follows the system's languages. */
  spellCheckLanguages: z.array(languageTag).max(MAX_SPELLCHECK_LANGUAGES),
  /** Download updates in the background and offer "Restart to update". */
  automaticUpdates: z.boolean(),
});
export type DesktopSettings = z.infer<typeof desktopSettings>;

export const settings = z.object({
  theme: z.enum(['system', 'light', 'dark']),
  notifications: z.boolean(),
  polling: pollingSettings,
  webhooks: webhookSettings,
  desktop: desktopSettings,
});
export type Settings = z.infer<typeof settings>;

export const settingsPatch = z
  .object({
    theme: settings.shape.theme,
    notifications: settings.shape.notifications,
    polling: pollingSettings.partial().strict(),
    // The relay's address changes only with its token (relay:configure), and where the receiver
    // listens only through its own action (webhooks:setListenAddress): never in a plain update.
    webhooks: webhookSettings.omit({ relayUrl: true, host: true }).partial().strict(),
    desktop: desktopSettings.partial().strict(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatch>;

export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  notifications: true,
  polling: { openMs: 2_000, focusedMs: 5_000, backgroundMs: 30_000, conversationsMs: 30_000 },
  webhooks: {
    delivery: 'relay',
    relayUrl: '',
    enabled: false,
    host: '127.0.0.1',
    port: 8443,
    path: '/webhooks/catalogue',
    catalogueUrl: '',
    notificationUrl: '',
    events: [...CATALOGUE_EVENT_TYPES],
    notify: Object.fromEntries(CATALOGUE_EVENT_TYPES.map((t) => [t, true])) as Record<
      CatalogueEventType,
      boolean
    >,
    messageCustomer: true,
  },
  desktop: {
    closeToTray: true,
    startAtLogin: 'off',
    hideNotificationText: false,
    notificationsPausedUntil: null,
    spellCheckLanguages: [],
    automaticUpdates: true,
  },
};

/** A patch applied as the core applies it: top-level values replaced, each section merged. */
export function mergeSettings(base: Settings, patch: SettingsPatch): Settings {
  return {
    ...base,
    ...(patch.theme !== undefined && { theme: patch.theme }),
    ...(patch.notifications !== undefined && { notifications: patch.notifications }),
    polling: { ...base.polling, ...patch.polling },
    webhooks: { ...base.webhooks, ...patch.webhooks },
    desktop: { ...base.desktop, ...patch.desktop },
  };
}
