import { messaging } from './0001-messaging.ts';
import { activity } from './0002-activity.ts';
import { conversationListIndexes } from './0003-conversation-list-indexes.ts';
import { activitySource } from './0004-activity-source.ts';
import { unreadIndex } from './0005-unread-index.ts';
import { activityReferences } from './0006-activity-references.ts';
import { messageEdited } from './0007-message-edited.ts';
import { searchOrder } from './0008-search-order.ts';
import { keptUnsent } from './0009-kept-unsent.ts';
import { historyComplete } from './0010-history-complete.ts';
import { searchBacklog } from './0011-search-backlog.ts';
import { unreadTotalIndex } from './0012-unread-total-index.ts';
import { messageFingerprint } from './0013-message-fingerprint.ts';
import { messagePurges } from './0014-message-purges.ts';
import { openEdits } from './0015-open-edits.ts';
import { attachmentIndex } from './0016-attachment-index.ts';
import { activitySearch } from './0017-activity-search.ts';
import { activitySearchLateOrder } from './0018-activity-search-late-order.ts';
import { derivedPending } from './0019-derived-pending.ts';
import { lighterMessageInserts } from './0020-lighter-message-inserts.ts';
import { oneThreadIndex } from './0021-one-thread-index.ts';
import { retiredFingerprint } from './0022-retired-fingerprint.ts';
import type { Migration } from './migration.ts';

/** Every migration, in order. Add new ones at the end; never edit a released one. */
export const MIGRATIONS: readonly Migration[] = [
  messaging,
  activity,
  conversationListIndexes,
  activitySource,
  unreadIndex,
  activityReferences,
  messageEdited,
  searchOrder,
  keptUnsent,
  historyComplete,
  searchBacklog,
  unreadTotalIndex,
  messageFingerprint,
  messagePurges,
  openEdits,
  attachmentIndex,
  activitySearch,
  activitySearchLateOrder,
  derivedPending,
  lighterMessageInserts,
  oneThreadIndex,
  retiredFingerprint,
];
