import { beforeEach, describe, expect, it } from 'vitest';
import { editingIn, useEdits } from '../../../renderer/stores/edit-store.ts';

const edits = () => useEdits.getState();
const inConversation = (id: string) => editingIn(id)(edits());

/**
 * Up in an empty composer edits the message just sent, which may still be on
 * its way under a local id, in a conversation that may itself have been
 * started here; the server's ids replace both while the user types.
 */
describe('an edit while the server confirms what it edits', () => {
  beforeEach(() => useEdits.setState({ byConversation: {}, replaced: {} }));

  it('goes on under the server id of its message, with what was typed so far', () => {
    edits().set('c1', { id: 'local_sent', text: 'see you at 6' });
    edits().followReplacedIds([
      { from: 'local_other', to: 'm_other' },
      { from: 'local_sent', to: 'm_sent' },
    ]);
    expect(inConversation('c1')).toEqual({ id: 'm_sent', text: 'see you at 6' });
  });

  it('goes on under the server id of its conversation, and a late change follows it', () => {
    edits().set('local_conv', { id: 'local_msg', text: 'helo' });
    edits().followReplacedIds([
      { from: 'local_conv', to: 'c_server' },
      { from: 'local_msg', to: 'm_server' },
    ]);
    expect(inConversation('local_conv')).toBeNull();
    expect(inConversation('c_server')).toEqual({ id: 'm_server', text: 'helo' });

    edits().set('local_conv', { id: 'm_server', text: 'hello' });
    expect(inConversation('c_server')).toEqual({ id: 'm_server', text: 'hello' });
  });

  it('leaves an edit of another message, or none, as it is', () => {
    edits().followReplacedIds([{ from: 'local_sent', to: 'm_sent' }]);
    expect(inConversation('c1')).toBeNull();
    const editing = { id: 'm_earlier', text: 'hello' };
    edits().set('c1', editing);
    const before = edits().byConversation;
    edits().followReplacedIds([{ from: 'local_sent', to: 'm_sent' }]);
    expect(inConversation('c1')).toBe(editing);
    expect(edits().byConversation).toBe(before);
  });
});

describe('edits in several conversations', () => {
  beforeEach(() => useEdits.setState({ byConversation: {}, replaced: {} }));

  it('are each kept until left or saved', () => {
    edits().set('c1', { id: 'm1', text: 'first, as typed' });
    edits().set('c2', { id: 'm2', text: 'second' });
    edits().set('c2', null);
    expect(inConversation('c1')).toEqual({ id: 'm1', text: 'first, as typed' });
    expect(inConversation('c2')).toBeNull();
  });

  it('close when the message they edit is deleted, and only those', () => {
    edits().set('c1', { id: 'm1', text: 'first' });
    edits().set('c2', { id: 'm2', text: 'second' });
    edits().dropRemoved(['m2', 'm9']);
    expect(inConversation('c1')).toEqual({ id: 'm1', text: 'first' });
    expect(inConversation('c2')).toBeNull();
  });
});
