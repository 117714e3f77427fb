import { beforeEach, describe, expect, it } from 'vitest';
import type { AttachmentInput } from '../../../shared/model/message.ts';
import {
  pendingIn,
  usePendingAttachments,
} from '../../../renderer/stores/pending-attachments-store.ts';

/**
 * A conversation the user has just started has a local id until the server
 * confirms it; the thread then goes on under the server's id. The attachments
 * picked for the next message meanwhile must go on with it.
 */
const LOCAL = 'local_started';
const SERVER = 'c_confirmed';
const attachment = (name: string): AttachmentInput => ({
  url: `https://files.example.com/${name}`,
  name,
});
const pending = (conversationId: string) =>
  pendingIn(conversationId)(usePendingAttachments.getState()).map((a) => a.name);

describe('attachments picked in a conversation the server then confirms', () => {
  beforeEach(() => usePendingAttachments.setState({ byConversation: {}, replaced: {} }));

  it('go on under the server id', () => {
    usePendingAttachments.getState().set(LOCAL, [attachment('report.pdf'), attachment('q3.csv')]);
    usePendingAttachments.getState().followReplacedIds([{ from: LOCAL, to: SERVER }]);
    expect(pending(SERVER)).toEqual(['report.pdf', 'q3.csv']);
    expect(pending(LOCAL)).toEqual([]);
  });

  it('leave those the server id already has, and those of other conversations, as they are', () => {
    const store = usePendingAttachments.getState();
    store.set(LOCAL, [attachment('here.pdf')]);
    store.set(SERVER, [attachment('there.pdf')]);
    store.set('c_other', [attachment('other.pdf')]);
    store.followReplacedIds([{ from: LOCAL, to: SERVER }]);
    expect([pending(LOCAL), pending(SERVER), pending('c_other')]).toEqual([
      ['here.pdf'],
      ['there.pdf'],
      ['other.pdf'],
    ]);
  });

  it('put back under the local id after the confirmation (a send refused just then), go to the server id', () => {
    // Sending emptied them; the confirmation came while the send was on its way.
    usePendingAttachments.getState().set(LOCAL, []);
    usePendingAttachments.getState().followReplacedIds([{ from: LOCAL, to: SERVER }]);
    usePendingAttachments.getState().set(LOCAL, [attachment('report.pdf')]);
    expect(pending(SERVER)).toEqual(['report.pdf']);
  });
});
