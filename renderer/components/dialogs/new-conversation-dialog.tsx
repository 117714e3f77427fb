import { useEffect, useId, useState } from 'react';
import type { ContactSuggestion } from '../../../shared/model/conversation.ts';
import { LIMITS } from '../../../shared/model/limits.ts';
import { createConversation, suggestContacts } from '../../stores/conversation-actions.ts';
import { useConversationList } from '../../stores/conversation-list-store.ts';
import { openConversation } from '../../stores/navigation.ts';
import { Avatar } from '../common/avatar.tsx';
import { Field } from '../common/fields.tsx';
import { Modal } from '../common/modal.tsx';
import { OptionList, optionId } from '../common/option-list.tsx';
import { useActiveOption } from '../common/use-active-option.ts';
import { usePendingKey } from '../common/use-pending-key.ts';

const SUGGEST_AFTER_MS = 150;
const SUGGESTIONS = 8;

/** A contact or group offered as the field is typed in, and how it is started. */
interface Suggestion {
  id: string;
  name: string;
  avatarUrl: string | null;
  /** A conversation with it is here already: picking it opens that one. */
  existing: boolean;
  start(): void;
}

const contactSuggestion = (contact: ContactSuggestion): Suggestion => ({
  id: contact.id,
  name: contact.username || contact.id,
  avatarUrl: contact.avatarUrl,
  existing: contact.conversationId !== null,
  start: () =>
    contact.conversationId
      ? openConversation(contact.conversationId)
      : void createConversation({ contactId: contact.id }),
});

/**
 * The groups this computer has conversations in whose id or name holds the
 * text typed: a group's id is rarely known by heart ("design" for
 * design-team), and one the server does not have refuses the conversation.
 */
function groupSuggestions(
  groups: readonly { groupId: string; title: string }[],
  typed: string,
): Suggestion[] {
  const wanted = typed.trim().toLowerCase();
  // The group named exactly first, then those starting so, then those holding it.
  const rank = ({ groupId, title }: { groupId: string; title: string }) =>
    Math.min(
      ...[groupId, title].map((text) => {
        const at = text.toLowerCase().indexOf(wanted);
        return at < 0 ? 3 : text.length === wanted.length ? 0 : at === 0 ? 1 : 2;
      }),
    );
  return groups
    .map((group) => ({ group, rank: rank(group) }))
    .filter(({ rank }) => rank < 3)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, SUGGESTIONS)
    .map(({ group: { groupId, title } }) => ({
      id: groupId,
      name: title,
      avatarUrl: null,
      existing: true,
      start: () => void createConversation({ groupId }),
    }));
}

/** With a contact id or a group id (exactly one), suggesting contacts and groups already seen. */
export function NewConversationDialog({
  onClose,
  contact = '',
}: {
  onClose(): void;
  contact?: string;
}) {
  const [kind, setKind] = useState<'contact' | 'group'>('contact');
  const [value, setValue] = useState(contact);
  const [suggestions, setSuggestions] = useState<ContactSuggestion[]>([]);
  const [suggestionsFor, setSuggestionsFor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const groups = useConversationList((s) => s.counts?.groups);
  const listId = useId();

  useEffect(() => {
    if (kind !== 'contact') return;
    let live = true;
    const wanted = value.trim();
    const show = (items: ContactSuggestion[]) => {
      if (!live) return;
      setSuggestions(items);
      setSuggestionsFor(wanted);
    };
    const timer = setTimeout(() => {
      suggestContacts(wanted).then(show, () => show([]));
    }, SUGGEST_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, value]);

  const shown =
    kind === 'contact' ? suggestions.map(contactSuggestion) : groupSuggestions(groups ?? [], value);

  const pickAt = (index: number) => {
    const suggestion = shown[index];
    if (!suggestion) return;
    onClose();
    suggestion.start();
  };
  // The first suggestion is highlighted, so Enter takes it, as in every address field.
  const { active, setActive, onKeyDown } = useActiveOption(shown.length, pickAt);

  const submit = async () => {
    const id = value.trim();
    if (!id || busy) return;
    setBusy(true);
    const created = await createConversation(
      kind === 'contact' ? { contactId: id } : { groupId: id },
    );
    setBusy(false);
    if (created) onClose();
  };
  // Enter before the suggestions for the whole id: the one then highlighted, or the id typed.
  // A group's come from the list's counts, already here.
  const pendingEnter = usePendingKey(kind !== 'contact' || suggestionsFor === value.trim(), () =>
    shown[active] ? pickAt(active) : void submit(),
  );

  return (
    <Modal title="New conversation" onClose={onClose} className="new-conversation">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className="segmented">
          <legend>With</legend>
          <label>
            <input
              type="radio"
              name="kind"
              checked={kind === 'contact'}
              onChange={() => setKind('contact')}
            />
            A contact
          </label>
          <label>
            <input
              type="radio"
              name="kind"
              checked={kind === 'group'}
              onChange={() => setKind('group')}
            />
            A group
          </label>
        </fieldset>
        <Field
          label={kind === 'contact' ? 'Contact id or name' : 'Group id'}
          data-autofocus
          role="combobox"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={
            active >= 0 && shown[active] ? optionId(listId, active) : undefined
          }
          value={value}
          maxLength={LIMITS.idLength}
          onChange={(next) => {
            setValue(next);
            setActive(0);
            pendingEnter.drop();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || !pendingEnter.hold(event)) onKeyDown(event);
          }}
        />
        {shown.length > 0 && (
          <OptionList
            id={listId}
            label={kind === 'contact' ? 'Contacts you have talked to' : 'Your groups'}
            options={shown}
            keyOf={(suggestion) => suggestion.id}
            active={active}
            onActivate={setActive}
            onPick={pickAt}
          >
            {(suggestion) => (
              <>
                <Avatar name={suggestion.name} url={suggestion.avatarUrl} size={28} />
                <span className="suggestion-name">{suggestion.name}</span>
                {suggestion.id !== suggestion.name && (
                  <span className="suggestion-id">{suggestion.id}</span>
                )}
                {suggestion.existing && <span className="hint">open</span>}
              </>
            )}
          </OptionList>
        )}
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={!value.trim() || busy}>
            Start conversation
          </button>
        </div>
      </form>
    </Modal>
  );
}
