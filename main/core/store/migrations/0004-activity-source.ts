import type { Migration } from './migration.ts';

/**
 * Which receiver stored an event: the user's own catalogue service, or the
 * demo workspace's embedded one. Both feed the one activity view, and
 * resetting the demo deletes only what the demo sent.
 */
export const activitySource: Migration = {
  version: 4,
  name: 'activity-source',
  up(db) {
    db.exec(`
      ALTER TABLE activity ADD COLUMN source TEXT NOT NULL DEFAULT 'catalogue';
      CREATE INDEX activity_by_source ON activity (source);
    `);
  },
};
