import { picturePath } from '../assets/asset-routes.ts';
import { pictureName, pictureSvg } from '../assets/picture.ts';
import type { MembershipRow } from '../store/conversations.ts';
import type { Workspace } from '../store/workspace.ts';
import { DEMO_CONTACTS, DEMO_GROUPS, FILES, LINES, REACTION_NAMES } from './demo-content.ts';
import { seededRandom, type Random } from './random.ts';

const DAY = 24 * 60 * 60;
const DIRECT_CONVERSATIONS = 22;
const PINNED = new Set([0, 3, 7, 12]);
const MUTED = new Set([5, 9, 14, 23]);
const ARCHIVED = new Set([17, 19, 21, 26]);
const WITH_PINNED_MESSAGE = new Set([0, 23]);

const SHOWCASE_LINE = 'Photos from last weekend are up!';

/** Drawn by the sandbox itself: the demo loads no picture from another host. */
const picture = (seed: number) => ({
  name: pictureName(seed),
  url: picturePath(seed),
  mime_type: 'image/svg+xml',
  size: Buffer.byteLength(pictureSvg(seed)),
});

const attachmentFor = (random: Random, serial: number) => {
  if (random.chance(0.6)) return picture(serial);
  const file = random.pick(FILES);
  return { ...file, url: `https://files.example.com/demo/${serial}/${file.name}` };
};

const reactionsFor = (random: Random, participants: readonly string[]) => {
  const reactions: Record<string, string[]> = {};
  for (let count = random.int(1, 2); count > 0; count -= 1) {
    const reactors = participants.filter(() => random.chance(0.5));
    if (reactors.length > 0) reactions[random.pick(REACTION_NAMES)] = reactors;
  }
  return reactions;
};

/**
 * Seeds the demo workspace for `userId`: 22 conversations with simulated
 * contacts and 6 groups, several weeks of history with reactions and
 * attachments, some pinned, muted and archived. The history is scenery, seen
 * by the user (every conversation opened at `now`, every message of the
 * contacts read): what is new is what the demo's contacts send afterwards.
 * Deterministic, so screenshots and tests can rely on it.
 */
export function seedDemo(workspace: Workspace, userId: string, now: number): void {
  const { directory, conversations, database } = workspace;
  const random = seededRandom(20_240_601);
  database.transaction(() => {
    for (const [index, id] of DEMO_CONTACTS.entries()) {
      directory.ensureContact({ id, simulated: true, createdAt: now - 90 * DAY + index * DAY });
    }
    for (const group of DEMO_GROUPS) {
      directory.defineGroup(group.id, [userId, ...group.members], now - 60 * DAY);
    }
    const targets = [
      ...DEMO_CONTACTS.slice(0, DIRECT_CONVERSATIONS).map((id) => ({
        contactId: id,
        groupId: null,
      })),
      ...DEMO_GROUPS.map((group) => ({ contactId: null, groupId: group.id })),
    ];
    let serial = 0;
    for (const [index, target] of targets.entries()) {
      const others =
        target.groupId === null
          ? [target.contactId]
          : directory.groupMembers(target.groupId).filter((id) => id !== userId);
      const start = now - random.int(3, 42) * DAY;
      const end = now - random.int(0, 2 * DAY);
      const open = (at: number): MembershipRow =>
        target.groupId === null
          ? conversations.openDirect(userId, target.contactId as string, at)
          : conversations.openGroup(userId, target.groupId, at);
      const conversationId = open(start - 3600).conversation_id;
      const count = random.int(4, 36);
      const times = Array.from({ length: count }, () => random.int(start, end)).sort(
        (a, b) => a - b,
      );
      // Once left unread; now read a minute after it came, with the draws of the rest unchanged.
      const lateTail = index % 4 === 0 ? random.int(1, 4) : 0;
      const sentIds: string[] = [];
      for (const [position, at] of times.entries()) {
        serial += 1;
        // The first conversation ends with pictures from its contact: the demo opens showing some.
        const showcase = index === 0 && position === count - 1;
        const senderId = !showcase && random.chance(0.45) ? userId : random.pick(others);
        const late = senderId !== userId && position >= count - lateTail;
        const readAt = Math.min(now, at + (late ? 60 : random.int(30, 3600)));
        const sent = workspace.send({
          senderId,
          conversationId,
          body: showcase ? SHOWCASE_LINE : random.pick(LINES),
          attachments: JSON.stringify(
            showcase
              ? [picture(serial), picture(serial + 1)]
              : random.chance(0.1)
                ? [attachmentFor(random, serial)]
                : [],
          ),
          reactions: JSON.stringify(
            random.chance(0.2) ? reactionsFor(random, [userId, ...others]) : {},
          ),
          at,
          readAt,
        });
        if (sent) sentIds.push(sent.id);
      }
      const lastAt = times.at(-1) ?? start;
      conversations.update(userId, conversationId, {
        is_pinned: PINNED.has(index),
        is_muted: MUTED.has(index),
        archived_at: ARCHIVED.has(index) ? Math.min(now, lastAt + DAY) : null,
        pinned_message_id: WITH_PINNED_MESSAGE.has(index) ? (sentIds[0] ?? null) : null,
        last_opened_at: now,
      });
    }
  });
}
