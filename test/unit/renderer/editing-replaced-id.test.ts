import { beforeEach, describe, expect, it } from 'vitest';
import { useUi } from '../../../renderer/stores/ui-store.ts';

/**
 * Up in an empty composer edits the message just sent, which may still be on
 * its way under a local id; the server's id replaces it while the user types.
 */
describe('a message edited while the server confirms it', () => {
  beforeEach(() => useUi.setState({ editing: null }));

  it('goes on being edited under the server id, with what was typed so far', () => {
    useUi.getState().setEditing({ id: 'local_sent', text: 'see you at 6' });
    useUi.getState().followReplacedIds([
      { from: 'local_other', to: 'm_other' },
      { from: 'local_sent', to: 'm_sent' },
    ]);
    expect(useUi.getState().editing).toEqual({ id: 'm_sent', text: 'see you at 6' });
  });

  it('leaves an edit of another message, or none, as it is', () => {
    useUi.getState().followReplacedIds([{ from: 'local_sent', to: 'm_sent' }]);
    expect(useUi.getState().editing).toBeNull();
    const editing = { id: 'm_earlier', text: 'hello' };
    useUi.getState().setEditing(editing);
    useUi.getState().followReplacedIds([{ from: 'local_sent', to: 'm_sent' }]);
    expect(useUi.getState().editing).toBe(editing);
  });
});
