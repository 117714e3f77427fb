import { Avatar } from '../common/avatar.tsx';
import { OptionList } from '../common/option-list.tsx';
import type { useMentions } from './use-mentions.ts';

/** The contacts `@` offers, just above the text box, which keeps the focus. */
export function MentionList({
  id,
  mentions,
}: {
  id: string;
  mentions: ReturnType<typeof useMentions>;
}) {
  return (
    <div className="mention-suggestions">
      <OptionList
        id={id}
        label="Mention someone"
        options={mentions.options}
        keyOf={(contact) => contact.id}
        active={mentions.active}
        onActivate={mentions.setActive}
        onPick={mentions.pick}
      >
        {(contact) => (
          <>
            <Avatar name={contact.username || contact.id} url={contact.avatarUrl} size={24} />
            <span className="suggestion-name">@{contact.username || contact.id}</span>
          </>
        )}
      </OptionList>
    </div>
  );
}
