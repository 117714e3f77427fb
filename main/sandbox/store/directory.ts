import { createHash } from 'node:crypto';
import { avatarPath } from '../assets/asset-routes.ts';
import type { SandboxDatabase } from './database.ts';

export interface ContactRow {
  id: string;
  username: string;
  phone_number: string;
  avatar_url: string;
  simulated: number;
  last_active_at: number;
  created_at: number;
}

export interface NewContact {
  id: string;
  username?: string;
  phoneNumber?: string;
  /** Absolute, or a path on the sandbox; its own generated avatar when absent. */
  avatarUrl?: string;
  /** A demo contact that answers messages by itself. */
  simulated?: boolean;
  createdAt: number;
}

/** A stable, plausible phone number for a contact id, so restarts show the same one. */
const phoneFor = (id: string) =>
  `+1555${(createHash('sha256').update(id).digest().readUInt32BE(0) % 10_000_000).toString().padStart(7, '0')}`;

/** Contacts and groups: set up at start (users, --group, demo data), read by the routes. */
export function createDirectory(database: SandboxDatabase) {
  const { statement, row, rows } = database;
  return {
    /** Adds the contact unless it exists; an existing contact is left as it is. */
    ensureContact(contact: NewContact): void {
      statement(
        `INSERT INTO contacts (id, username, phone_number, avatar_url, simulated, last_active_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      ).run(
        contact.id,
        contact.username ?? contact.id,
        contact.phoneNumber ?? phoneFor(contact.id),
        contact.avatarUrl ?? avatarPath(contact.id),
        contact.simulated ? 1 : 0,
        contact.createdAt,
        contact.createdAt,
      );
    },

    getContact(id: string): ContactRow | null {
      return row<ContactRow>('SELECT * FROM contacts WHERE id = ?', id);
    },

    touchContact(id: string, at: number): void {
      statement('UPDATE contacts SET last_active_at = MAX(last_active_at, ?) WHERE id = ?').run(
        at,
        id,
      );
    },

    /** Creates the group or replaces its member list: the start options define groups. */
    defineGroup(groupId: string, members: readonly string[], createdAt: number): void {
      database.transaction(() => {
        statement('INSERT INTO groups (id, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING').run(
          groupId,
          createdAt,
        );
        statement('DELETE FROM group_members WHERE group_id = ?').run(groupId);
        const add = statement('INSERT INTO group_members (group_id, contact_id) VALUES (?, ?)');
        for (const member of new Set(members)) add.run(groupId, member);
      });
    },

    groupMembers(groupId: string): string[] {
      return rows<{ contact_id: string }>(
        'SELECT contact_id FROM group_members WHERE group_id = ? ORDER BY contact_id',
        groupId,
      ).map((member) => member.contact_id);
    },

    isGroupMember(groupId: string, contactId: string): boolean {
      return (
        row(
          'SELECT 1 FROM group_members WHERE group_id = ? AND contact_id = ?',
          groupId,
          contactId,
        ) !== null
      );
    },
  };
}
