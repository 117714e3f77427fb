import { describe, expect, it } from 'vitest';
import { ChangeBatch } from '../../../main/core/events/change-batch.ts';
import { setDraft } from '../../../main/core/store/drafts.ts';
import {
  dismissKeptUnsent,
  keepLateDraft,
  listKeptUnsent,
} from '../../../main/core/store/kept-unsent.ts';
import { removeConversation } from '../../../main/core/store/record-upserts.ts';
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
