import { z } from 'zod';
import { LIMITS } from './limits.ts';

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
  enabled: z.boolean(),
  host: z.string().max(LIMITS.nameLength),
  port: z.number().int().min(0).max(65_535),
  path: z
    .string()
    .max(LIMITS.nameLength)
    .regex(/^\/[\w\-./]*$/, 'path must start with / and contain no spaces'),
  catalogueUrl: z.string().max(LIMITS.urlLength),
  notificationUrl: z.string().max(LIMITS.urlLength),
  events: z.array(catalogueEventType),
  notify: z.record(catalogueEventType, z.boolean()),
  messageCustomer: z.boolean(),
});

export const settings = z.object({
  theme: z.enum(['system', 'light', 'dark']),
  notifications: z.boolean(),
  polling: pollingSettings,
  webhooks: webhookSettings,
});
export type Settings = z.infer<typeof settings>;

export const settingsPatch = z
  .object({
    theme: settings.shape.theme,
    notifications: settings.shape.notifications,
    polling: pollingSettings.partial().strict(),
    webhooks: webhookSettings.partial().strict(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatch>;

export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  notifications: true,
  polling: { openMs: 2_000, focusedMs: 5_000, backgroundMs: 30_000, conversationsMs: 30_000 },
  webhooks: {
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
};

/** A patch applied as the core applies it: top-level values replaced, each section merged. */
export function mergeSettings(base: Settings, patch: SettingsPatch): Settings {
  return {
    ...base,
    ...(patch.theme !== undefined && { theme: patch.theme }),
    ...(patch.notifications !== undefined && { notifications: patch.notifications }),
    polling: { ...base.polling, ...patch.polling },
    webhooks: { ...base.webhooks, ...patch.webhooks },
  };
}
