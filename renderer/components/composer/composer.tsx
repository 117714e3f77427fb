import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import type { AttachmentInput } from '../../../shared/model/message.ts';
import { useDrafts } from '../../stores/draft-store.ts';
import { editingIn, useEdits, type Editing } from '../../stores/edit-store.ts';
import { editMessage, sendMessage } from '../../stores/message-actions.ts';
import { pendingIn, usePendingAttachments } from '../../stores/pending-attachments-store.ts';
import { useRecentEmoji } from '../../stores/recently-used.ts';
import { emojiForCode, loadEmojiCodes } from '../../lib/emoji-codes.ts';
import { closedEmojiCode } from '../../lib/emoji-code-query.ts';
import { MARKS, toggleMark } from '../../lib/format-marks.ts';
import { replaceTyped } from '../../lib/typed-query.ts';
import { splitMessage } from '../../lib/split-message.ts';
import { useNotices } from '../../stores/notice-store.ts';
import { useThread } from '../../stores/thread-store.ts';
import { useUi } from '../../stores/ui-store.ts';
import { Avatar } from '../common/avatar.tsx';
import { Icon } from '../common/icon.tsx';
import { optionId } from '../common/option-list.tsx';
import { MESSAGE_LIST_ID } from '../thread/message-list.tsx';
import { AttachLinkForm } from './attach-link-form.tsx';
import { EMPTY_FIELDS, readAttachment } from './attachment-fields.ts';
import { dropped } from './dropped.ts';
import { EmojiButton } from './emoji-button.tsx';
import { PendingAttachments } from './pending-attachments.tsx';
import { SuggestionList } from './suggestion-list.tsx';
import { useEmojiCodes } from './use-emoji-codes.ts';
import { useMentions } from './use-mentions.ts';

const FILES_REFUSED =
  'Files cannot be attached: the Messaging API takes attachments as links. Put the file where it has a web link, and attach that.';
const PICTURE_NOT_IN_EDIT = 'An edit changes only the text; send the picture as a new message.';
const FULL = `A message holds at most ${LIMITS.attachmentsPerMessage} attachments.`;

/** Ctrl/Cmd+B, I, Shift+X and E: the mark they put around the selection, as in Slack and Element. */
function markForKey(event: React.KeyboardEvent): string | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (event.shiftKey) return key === 'x' ? MARKS.struck : null;
  return key === 'b' ? MARKS.bold : key === 'i' ? MARKS.italic : key === 'e' ? MARKS.code : null;
}

/**
 * Enter sends, Shift+Enter starts a new line, Up in an empty composer edits the
 * last own message, Esc leaves editing, Page Up and Page Down scroll the
 * thread, Ctrl/Cmd+B, I, Shift+X and E mark the selection bold, italic,
 * struck or code, `@` offers contacts to mention and `:` emoji by their codes
 * (a whole `:code:` typed becomes its emoji). The draft text is saved
 * per conversation; link attachments wait as chips until the message is sent.
 */
export function Composer({ conversationId }: { conversationId: string }) {
  const draft = useDrafts((s) => s.drafts[conversationId] ?? '');
  const loadDraft = useDrafts((s) => s.load);
  const setDraft = useDrafts((s) => s.setDraft);
  const flush = useDrafts((s) => s.flush);
  const editing = useEdits(editingIn(conversationId));
  const setEdit = useEdits((s) => s.set);
  const loadEdit = useEdits((s) => s.load);
  const flushEdit = useEdits((s) => s.flush);
  const focusAsked = useUi((s) => s.composerFocus);
  const focusComposer = useUi((s) => s.focusComposer);
  const ref = useRef<HTMLTextAreaElement>(null);
  const attachButton = useRef<HTMLButtonElement>(null);
  const attachments = usePendingAttachments(pendingIn(conversationId));
  const setPending = usePendingAttachments((s) => s.set);
  const [attaching, setAttaching] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [caret, setCaret] = useState(0);
  const attachFormId = useId();
  const suggestionListId = useId();

  const setAttachments = (items: AttachmentInput[]) => setPending(conversationId, items);
  const setEditing = (edit: Editing | null) => setEdit(conversationId, edit);
  const text = editing ? editing.text : draft;
  // A paste longer than a message holds is kept whole and sent as several; an edit cannot be.
  const over = text.length > LIMITS.messageLength;
  const parts = over && !editing ? splitMessage(text, LIMITS.messageLength) : [text];
  const canSend = editing
    ? Boolean(text.trim()) && !over
    : Boolean(text.trim()) || attachments.length > 0;
  const full = attachments.length >= LIMITS.attachmentsPerMessage;

  useEffect(() => {
    void loadDraft(conversationId);
    void loadEdit(conversationId);
    return () => {
      flush(conversationId);
      flushEdit(conversationId);
    };
  }, [conversationId, loadDraft, flush, loadEdit, flushEdit]);

  // An edit begun, a quote or an emoji added: the caret goes where typing goes on.
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.focus();
    const caret = focusAsked.caret ?? box.value.length;
    box.setSelectionRange(caret, focusAsked.end ?? caret);
  }, [editing?.id, focusAsked]);

  const change = (value: string) => {
    if (editing) setEditing({ ...editing, text: value });
    else setDraft(conversationId, value);
  };
  const putText = (next: { text: string; caret: number }) => {
    change(next.text);
    setCaret(next.caret);
    focusComposer(next.caret);
  };
  const mentions = useMentions(text, caret, conversationId, putText);
  const emojiCodes = useEmojiCodes(text, caret, putText);
  // A caret is in one word at a time, so at most one of them is offered.
  const offered = mentions.offered ? mentions : emojiCodes.offered ? emojiCodes : null;

  const onInput = (value: string, at: number) => {
    // The second colon of a whole code just typed (`:tada:`) puts its emoji in, as Slack does.
    const closed = value.length === text.length + 1 ? closedEmojiCode(value, at) : null;
    const emoji = closed && emojiForCode(closed.query);
    // The table comes with the first code typed; a short one (`:x:`) may close before it has.
    if (value[at - 1] === ':') void loadEmojiCodes().catch(() => {});
    if (closed && emoji) {
      useRecentEmoji.getState().remember(emoji);
      putText(replaceTyped(value, at, closed, emoji));
    } else {
      change(value);
      setCaret(at);
    }
    mentions.onType();
    emojiCodes.onType();
  };

  const submit = async () => {
    if (editing) {
      if (!canSend) return;
      if (await editMessage(editing.id, editing.text.trim())) setEditing(null);
      return;
    }
    if (!canSend) return;
    const sending = attachments;
    setDraft(conversationId, '');
    flush(conversationId);
    setAttachments([]);
    setAttaching(false);
    // In order, the attachments with the last; what was not taken goes back to the composer.
    for (const [index, part] of parts.entries()) {
      const last = index === parts.length - 1;
      if (!(await sendMessage(conversationId, part, last ? sending : []))) {
        setDraft(conversationId, parts.slice(index).join('\n\n'));
        setAttachments(sending);
        return;
      }
    }
  };

  // Where the caret was (kept while the picker has the focus), or over what was selected.
  const insertEmoji = (emoji: string) => {
    const box = ref.current;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    useRecentEmoji.getState().remember(emoji);
    change(`${text.slice(0, start)}${emoji}${text.slice(end)}`);
    focusComposer(start + emoji.length);
  };

  // A picture dragged from a web page is attached by its link; files cannot go, and say so.
  const onDrop = async (event: React.DragEvent) => {
    const what = dropped(event.dataTransfer);
    if (what.kind === 'text') return;
    event.preventDefault();
    if (what.kind === 'files') {
      useNotices.getState().push('warning', FILES_REFUSED);
    } else if (editing || full) {
      useNotices.getState().push('warning', editing ? PICTURE_NOT_IN_EDIT : FULL);
    } else {
      const read = await readAttachment({ ...EMPTY_FIELDS, url: what.url });
      if (read.ok) addAttachment(read.value);
      else useNotices.getState().push('error', read.error);
    }
  };

  const addAttachment = (attachment: AttachmentInput) => {
    const items = [...attachments, attachment];
    setAttachments(items);
    setAnnouncement(`${attachment.name} attached.`);
    if (items.length >= LIMITS.attachmentsPerMessage) closeAttachForm();
  };

  const removeAttachment = (index: number) => {
    const removed = attachments[index];
    setAttachments(attachments.filter((_, at) => at !== index));
    setAnnouncement(removed ? `${removed.name} removed.` : '');
    ref.current?.focus();
  };

  const closeAttachForm = () => {
    setAttaching(false);
    attachButton.current?.focus();
  };

  const editLastOwn = () => {
    // The one just sent too, still on its way: the outbox edits it, or what it will send.
    const own = useThread.getState().items.findLast((m) => m.own && m.text);
    if (own) setEditing({ id: own.id, text: own.text });
  };

  const markSelection = (mark: string) => {
    const box = ref.current;
    if (!box) return;
    const marked = toggleMark(text, box.selectionStart, box.selectionEnd, mark);
    change(marked.text);
    focusComposer(marked.start, marked.end);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    const sendLater = () => void submit();
    if (mentions.onKeyDown(event, sendLater) || emojiCodes.onKeyDown(event, sendLater)) return;
    const mark = markForKey(event);
    if (mark) {
      event.preventDefault();
      markSelection(mark);
    } else if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'ArrowUp' && !text && !editing && attachments.length === 0) {
      event.preventDefault();
      editLastOwn();
    } else if (
      (event.key === 'PageUp' || event.key === 'PageDown') &&
      !event.shiftKey &&
      !event.ctrlKey &&
      !event.altKey
    ) {
      // As in Element and Telegram: read back through the thread without leaving the composer.
      const list = document.getElementById(MESSAGE_LIST_ID);
      if (!list) return;
      event.preventDefault();
      list.scrollBy({ top: (event.key === 'PageUp' ? -0.9 : 0.9) * list.clientHeight });
    } else if (event.key === 'Escape' && editing) {
      event.preventDefault();
      event.stopPropagation();
      setEditing(null);
    }
  };

  return (
    <div
      className="composer"
      onDragOver={(event) => {
        // Without this the drop of a file or a link outside the text box is refused outright.
        if (dropped(event.dataTransfer).kind !== 'text') event.preventDefault();
      }}
      onDrop={(event) => void onDrop(event)}
    >
      {editing && (
        <div className="editing-bar">
          <span>Editing message</span>
          <button type="button" className="link-button" onClick={() => setEditing(null)}>
            Cancel editing
          </button>
        </div>
      )}
      {!editing && attaching && (
        <AttachLinkForm id={attachFormId} onAdd={addAttachment} onClose={closeAttachForm} />
      )}
      {!editing && <PendingAttachments attachments={attachments} onRemove={removeAttachment} />}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {mentions.offered && (
        <SuggestionList
          id={suggestionListId}
          label="Mention someone"
          suggestions={mentions}
          keyOf={(contact) => contact.id}
        >
          {(contact) => (
            <>
              <Avatar name={contact.username || contact.id} url={contact.avatarUrl} size={24} />
              <span className="suggestion-name">@{contact.username || contact.id}</span>
            </>
          )}
        </SuggestionList>
      )}
      {emojiCodes.offered && (
        <SuggestionList
          id={suggestionListId}
          label="Emoji"
          suggestions={emojiCodes}
          keyOf={(code) => code.code}
        >
          {(code) => (
            <>
              <span className="suggestion-emoji">{code.emoji}</span>
              <span className="suggestion-name">:{code.code}:</span>
            </>
          )}
        </SuggestionList>
      )}
      {over && (
        <p className="composer-hint" role="status">
          {text.length.toLocaleString()} characters:{' '}
          {editing
            ? `an edited message holds at most ${LIMITS.messageLength.toLocaleString()}.`
            : `Enter sends them as ${parts.length} messages.`}
        </p>
      )}
      <form
        className="composer-row"
        aria-label="Compose a message"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {!editing && (
          <button
            ref={attachButton}
            type="button"
            className="icon-button attach-button"
            aria-label="Attach a link"
            title={full ? `At most ${LIMITS.attachmentsPerMessage} attachments` : 'Attach a link'}
            aria-expanded={attaching}
            aria-controls={attaching ? attachFormId : undefined}
            disabled={full}
            onClick={() => (attaching ? closeAttachForm() : setAttaching(true))}
          >
            <Icon name="file" size={20} />
          </button>
        )}
        <textarea
          ref={ref}
          aria-label={editing ? 'Edit message' : 'Message'}
          placeholder={editing ? 'Edit your message' : 'Message'}
          rows={1}
          value={text}
          maxLength={LIMITS.draftLength}
          aria-autocomplete="list"
          aria-controls={offered ? suggestionListId : undefined}
          aria-activedescendant={
            offered && offered.active >= 0 ? optionId(suggestionListId, offered.active) : undefined
          }
          onChange={(event) => onInput(event.target.value, event.target.selectionStart)}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
        {/* After the text box, so Tab from Attach still goes straight to the words. */}
        <EmojiButton onPick={insertEmoji} />
        <button
          type="submit"
          className="send-button"
          aria-label={editing ? 'Save edit' : 'Send'}
          title={editing ? 'Save edit' : 'Send'}
          disabled={!canSend}
        >
          <Icon name={editing ? 'check' : 'send'} />
        </button>
      </form>
    </div>
  );
}
