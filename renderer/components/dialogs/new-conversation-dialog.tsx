import { useEffect, useId, useState } from 'react';
import type { ContactSuggestion } from '../../../shared/model/conversation.ts';
import { LIMITS } from '../../../shared/model/limits.ts';
import { createConversation, suggestContacts } from '../../stores/conversation-actions.ts';
import { openConversation } from '../../stores/navigation.ts';
import { Avatar } from '../common/avatar.tsx';
import { Field } from '../common/fields.tsx';
import { Modal } from '../common/modal.tsx';
import { OptionList, optionId } from '../common/option-list.tsx';
import { useActiveOption } from '../common/use-active-option.ts';
import { usePendingKey } from '../common/use-pending-key.ts';

const SUGGEST_AFTER_MS = 150;

/** With a contact id or a group id (exactly one), suggesting contacts already seen. */
export function NewConversationDialog({ onClose }: { onClose(): void }) {
  const [kind, setKind] = useState<'contact' | 'group'>('contact');
  const [value, setValue] = useState('');
  const [suggestions, setSuggestions] = useState<ContactSuggestion[]>([]);
  const [suggestionsFor, setSuggestionsFor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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

  const shown = kind === 'contact' ? suggestions : [];

  const pick = (suggestion: ContactSuggestion) => {
    onClose();
    if (suggestion.conversationId) openConversation(suggestion.conversationId);
    else void createConversation({ contactId: suggestion.id });
  };
  const pickAt = (index: number) => {
    const suggestion = shown[index];
    if (suggestion) pick(suggestion);
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
          role={kind === 'contact' ? 'combobox' : undefined}
          aria-expanded={kind === 'contact' ? shown.length > 0 : undefined}
          aria-controls={kind === 'contact' ? listId : undefined}
          aria-autocomplete={kind === 'contact' ? 'list' : undefined}
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
            label="Contacts you have talked to"
            options={shown}
            keyOf={(suggestion) => suggestion.id}
            active={active}
            onActivate={setActive}
            onPick={pickAt}
          >
            {(suggestion) => (
              <>
                <Avatar
                  name={suggestion.username || suggestion.id}
                  url={suggestion.avatarUrl}
                  size={28}
                />
                <span className="suggestion-name">{suggestion.username || suggestion.id}</span>
                <span className="suggestion-id">{suggestion.id}</span>
                {suggestion.conversationId && <span className="hint">open</span>}
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
