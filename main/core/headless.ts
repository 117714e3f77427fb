/**
 * The core's public entry for a host that drives its parts without the IPC
 * router: the CLI opens the database, runs a sync engine, reads pages and
 * runs a webhook receiver in a terminal. Hosts reach the core only through
 * this file, create-core.ts and ports/ (the lint's layout rule holds that),
 * so the core's folders can change without breaking them.
 */
export { createMessagingClient } from './api/messaging-client.ts';
export { createSyncEngine, type SyncEngine } from './engine/sync-engine.ts';
export { CoreError } from './errors/core-error.ts';
export { attachmentViews } from './store/attachment-views.ts';
export { listConversations } from './store/conversation-queries.ts';
export { conversationTitle } from './store/conversation-summary.ts';
export { openDatabase, type Database } from './store/database.ts';
export { isLocalIdSql } from './store/local-id-sql.ts';
export { pageMessages } from './store/message-queries.ts';
export { readKey, writeKey } from './store/meta-keys.ts';
export { searchMessages } from './store/search-queries.ts';
export { createActivityLog } from './webhooks/activity-log.ts';
export { describeActivity } from './webhooks/activity-notifications.ts';
export { selfSignedCertificatePath } from './webhooks/certificate.ts';
export { createWebhookReceiver } from './webhooks/receiver.ts';
export { registerWebhook } from './webhooks/registration.ts';
