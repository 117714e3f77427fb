import type { DatabaseSync } from 'node:sqlite';
import { avatarPath, picturePath } from '../assets/asset-routes.ts';
import { pictureName, pictureSvg } from '../assets/picture.ts';
import type { SchemaStep } from './steps.ts';

const PICSUM = /^https:\/\/picsum\.photos\/seed\/parley-(\d+)\//;

/**
 * Version 2: avatars and demo pictures are the sandbox's own. Files written
 * before pointed at i.pravatar.cc and picsum.photos, which fail offline and
 * tell those hosts the demo was opened; their URLs become the sandbox's.
 * A user's own attachment links are left alone.
 */
export const LOCAL_IMAGES: SchemaStep = {
  version: 2,
  up(db: DatabaseSync) {
    const contacts = db
      .prepare("SELECT id FROM contacts WHERE avatar_url LIKE 'https://i.pravatar.cc/%'")
      .all() as { id: string }[];
    const setAvatar = db.prepare('UPDATE contacts SET avatar_url = ? WHERE id = ?');
    for (const { id } of contacts) setAvatar.run(avatarPath(id), id);

    const messages = db
      .prepare(
        "SELECT owner_id, id, attachments FROM messages WHERE attachments LIKE '%https://picsum.photos/seed/parley-%'",
      )
      .all() as { owner_id: string; id: string; attachments: string }[];
    const setAttachments = db.prepare(
      'UPDATE messages SET attachments = ? WHERE owner_id = ? AND id = ?',
    );
    for (const message of messages) {
      const attachments = (JSON.parse(message.attachments) as Record<string, unknown>[]).map(
        (attachment) => {
          const seed = PICSUM.exec(String(attachment.url))?.[1];
          if (seed === undefined) return attachment;
          return {
            name: pictureName(Number(seed)),
            url: picturePath(Number(seed)),
            mime_type: 'image/svg+xml',
            size: Buffer.byteLength(pictureSvg(Number(seed))),
          };
        },
      );
      setAttachments.run(JSON.stringify(attachments), message.owner_id, message.id);
    }
  },
};
