import { Suspense, useState } from 'react';
import type { MessageView } from '../../../shared/model/message.ts';
import { QUICK_REACTIONS, reactionLook, reactionNameFor } from '../../lib/reactions.ts';
import { toggleReaction } from '../../stores/message-actions.ts';
import { useRecentReactions } from '../../stores/recently-used.ts';
import { Icon } from '../common/icon.tsx';
import { FullEmojiPicker } from '../common/lazy-emoji-picker.ts';
import { PopoverButton } from '../common/popover-button.tsx';

const SLOTS = 6;

/** The reactions offered first: the ones this user picked lately, then Parley's six. */
function quickNames(recent: string[]): string[] {
  const names = [...recent, ...QUICK_REACTIONS.map((quick) => quick.name)];
  return [...new Set(names)].slice(0, SLOTS);
}

function Choices({ message, onDone }: { message: MessageView; onDone(): void }) {
  const recent = useRecentReactions((s) => s.items);
  const [all, setAll] = useState(false);
  const pick = (name: string) => {
    onDone();
    void toggleReaction(message, name);
  };
  return (
    <>
      <div className="reaction-choices" role="group" aria-label="Quick reactions">
        {quickNames(recent).map((name) => {
          const look = reactionLook(name);
          return (
            <button
              key={name}
              type="button"
              className="reaction-choice"
              aria-label={look.kind === 'emoji' ? look.spoken : look.text}
              title={look.kind === 'emoji' ? look.spoken : look.text}
              aria-pressed={message.reactions.some((r) => r.name === name && r.mine)}
              onClick={() => pick(name)}
            >
              {look.kind === 'emoji' ? <span className="emoji">{look.emoji}</span> : look.text}
            </button>
          );
        })}
        <button
          type="button"
          className="reaction-choice more"
          aria-label="More emoji"
          title="More emoji"
          aria-expanded={all}
          onClick={() => setAll(!all)}
        >
          <Icon name="more" />
        </button>
      </div>
      {all && (
        <Suspense fallback={<p className="hint">Loading emoji…</p>}>
          <FullEmojiPicker onPick={(emoji) => pick(reactionNameFor(emoji))} />
        </Suspense>
      )}
    </>
  );
}

/** The React button on a message: quick reactions, recent first, and every emoji behind More. */
export function ReactButton({ message }: { message: MessageView }) {
  return (
    <PopoverButton
      label="React"
      panelLabel="React to this message"
      panelClass="reaction-picker"
      focusFirst=".reaction-choice"
      icon={<Icon name="smile" />}
    >
      {(close) => <Choices message={message} onDone={close} />}
    </PopoverButton>
  );
}
