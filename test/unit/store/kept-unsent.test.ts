import { describe, expect, it } from 'vitest';
import { ChangeBatch } from '../../../main/core/events/change-batch.ts';
import {
  currentId,
  ID_MAP_LIMIT,
  replaceMessageId,
} from '../../../main/core/outbox/id-replacement.ts';
import { setDraft } from '../../../main/core/store/drafts.ts';
import {
  dismissKeptUnsent,
  keepLateDraft,
  listKeptUnsent,
} from '../../../main/core/store/kept-unsent.ts';
import { removeConversation } from '../../../main/core/store/record-upserts.ts';
import { KEPT_UNSENT_LIMIT } from '../../../shared/model/message.ts';
import { localDb, T0 } from '../outbox/local-db.ts';

describe('a conversation deleted elsewhere', () => {
  it('leaves behind what the user wrote in it and never sent', () => {
    const local = localDb();
    local.writes.send({
      conversationId: 'conv_1',
      text: 'on its way',
      attachments: [{ name: 'plan.pdf', url: 'https://example.com/plan.pdf' }],
    });
    setDraft(local.db, 'conv_1', 'still typing', T0);

    removeConversation(local.db, 'conv_1', new ChangeBatch());

    expect(
      listKeptUnsent(local.db).map(({ conversationTitle, text }) => [conversationTitle, text]),
    ).toEqual([
      ['bob', 'on its way\nhttps://example.com/plan.pdf'],
      ['bob', 'still typing'],
    ]);
    expect(local.outbox()).toEqual([]);
  });

  it('keeps a draft that arrives after it went, under the same name, until dismissed', () => {
    const local = localDb();
    setDraft(local.db, 'conv_1', 'first', T0);
    removeConversation(local.db, 'conv_1', new ChangeBatch());
    keepLateDraft(local.db, 'conv_1', 'first, then more');

    const kept = listKeptUnsent(local.db);
    expect(kept.map((item) => [item.conversationTitle, item.text])).toEqual([
      ['bob', 'first'],
      ['bob', 'first, then more'],
    ]);
    expect(dismissKeptUnsent(local.db, kept[0]!.id)).toBe(true);
    expect(listKeptUnsent(local.db)).toHaveLength(1);
  });
});

describe('kept texts and replaced ids', () => {
  it('keep the newest few hundred texts, the oldest dropped first', () => {
    const local = localDb();
    for (let index = 0; index < KEPT_UNSENT_LIMIT + 5; index++) {
      keepLateDraft(local.db, 'conv_gone', `text ${index}`);
    }
    const kept = listKeptUnsent(local.db).map((item) => item.text);
    expect(kept).toHaveLength(KEPT_UNSENT_LIMIT);
    expect(kept[0]).toBe('text 5');
    expect(kept.at(-1)).toBe(`text ${KEPT_UNSENT_LIMIT + 4}`);
  });

  it('remember the newest replacements of local ids, not every message ever sent', () => {
    const local = localDb();
    const batch = new ChangeBatch();
    for (let index = 0; index <= ID_MAP_LIMIT; index++) {
      replaceMessageId(local.db, `local_msg_${index}`, `msg_server_${index}`, batch);
    }
    expect(currentId(local.db, `local_msg_${ID_MAP_LIMIT}`)).toBe(`msg_server_${ID_MAP_LIMIT}`);
    expect(currentId(local.db, 'local_msg_1')).toBe('msg_server_1');
    expect(currentId(local.db, 'local_msg_0')).toBe('local_msg_0');
    expect(local.db.prepare('SELECT count(*) AS n FROM id_map').get()).toEqual({ n: ID_MAP_LIMIT });
  });
});
