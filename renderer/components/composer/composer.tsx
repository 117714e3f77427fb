import { useEffect, useRef } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import { useDrafts } from '../../stores/draft-store.ts';
import { editMessage, sendMessage } from '../../stores/message-actions.ts';
import { useThread } from '../../stores/thread-store.ts';
import { useUi } from '../../stores/ui-store.ts';
import { Icon } from '../common/icon.tsx';

const MAX_ROWS = 8;

/**
 * Enter sends, Shift+Enter starts a new line, Up in an empty composer edits the
 * last own message, Esc leaves editing. The draft is saved per conversation.
 */
export function Composer({ conversationId }: { conversationId: string }) {
  const draft = useDrafts((s) => s.drafts[conversationId] ?? '');
  const loadDraft = useDrafts((s) => s.load);
  const setDraft = useDrafts((s) => s.setDraft);
  const flush = useDrafts((s) => s.flush);
  const editing = useUi((s) => s.editing);
  const setEditing = useUi((s) => s.setEditing);
  const ref = useRef<HTMLTextAreaElement>(null);

  const text = editing ? editing.text : draft;
  const rows = Math.min(MAX_ROWS, text.split('\n').length);

  useEffect(() => {
    void loadDraft(conversationId);
    return () => flush(conversationId);
  }, [conversationId, loadDraft, flush]);

  useEffect(() => {
    ref.current?.focus();
  }, [editing?.id]);

  const change = (value: string) => {
    if (editing) setEditing({ ...editing, text: value });
    else setDraft(conversationId, value);
  };

  const submit = async () => {
    if (editing) {
      if (!editing.text.trim()) return;
      if (await editMessage(editing.id, editing.text.trim())) setEditing(null);
      return;
    }
    if (!draft.trim()) return;
    const sending = draft;
    setDraft(conversationId, '');
    flush(conversationId);
    if (!(await sendMessage(conversationId, sending))) setDraft(conversationId, sending);
  };

  const editLastOwn = () => {
    const own = useThread
      .getState()
      .items.findLast((m) => m.own && !m.id.startsWith('local_') && m.text);
    if (own) setEditing({ id: own.id, text: own.text });
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'ArrowUp' && !text && !editing) {
      event.preventDefault();
      editLastOwn();
    } else if (event.key === 'Escape' && editing) {
      event.preventDefault();
      event.stopPropagation();
      setEditing(null);
    }
  };

  return (
    <form
      className="composer"
      aria-label="Compose a message"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {editing && (
        <div className="editing-bar">
          <span>Editing message</span>
          <button type="button" className="link-button" onClick={() => setEditing(null)}>
            Cancel editing
          </button>
        </div>
      )}
      <div className="composer-row">
        <textarea
          ref={ref}
          aria-label={editing ? 'Edit message' : 'Message'}
          placeholder={editing ? 'Edit your message' : 'Message'}
          rows={rows}
          value={text}
          maxLength={LIMITS.messageLength}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="send-button"
          aria-label={editing ? 'Save edit' : 'Send'}
          title={editing ? 'Save edit' : 'Send'}
          disabled={!text.trim()}
        >
          <Icon name={editing ? 'check' : 'send'} />
        </button>
      </div>
    </form>
  );
}
