import type { MessageView } from '../../../shared/model/message.ts';
import { toggleReaction } from '../../stores/message-actions.ts';
import { useSession } from '../../stores/session-store.ts';
import { clipMiddle } from '../../lib/untrusted-text.ts';
import { ServerText } from '../common/untrusted-text.tsx';

// Named as the Messaging API names them (the demo server uses these words), not as emoji.
export const QUICK_REACTIONS = ['like', 'love', 'laugh', 'wow', 'sad', 'thanks'];

const NAMED = 12;
/** Chips shown under one message; a server may list any number of reactions. */
const SHOWN_REACTIONS = 24;
const REACTION_NAME_LENGTH = 32;

function who(reactors: string[], selfName: string | null): string {
  const names = reactors
    .slice(0, NAMED)
    .map((name) => (name === selfName ? 'You' : clipMiddle(name, 40)));
  const rest = reactors.length - names.length;
  return rest > 0 ? `${names.join(', ')} and ${rest} more` : names.join(', ');
}

/** Chips with counts; the tooltip names who reacted; pressing one adds or removes ours. */
export function Reactions({ message }: { message: MessageView }) {
  const selfName = useSession((s) => s.session?.selfName ?? null);
  if (message.reactions.length === 0) return null;
  const hidden = message.reactions.length - SHOWN_REACTIONS;
  return (
    <div className="reactions" role="group" aria-label="Reactions">
      {message.reactions.slice(0, SHOWN_REACTIONS).map((reaction) => {
        const names = who(reaction.reactors, selfName);
        const name = clipMiddle(reaction.name, REACTION_NAME_LENGTH);
        return (
          <button
            key={reaction.name}
            type="button"
            className="reaction-chip"
            aria-pressed={reaction.mine}
            aria-label={`${name} ${reaction.reactors.length}: ${names}`}
            title={names}
            onClick={() => toggleReaction(message, reaction.name)}
          >
            <ServerText className="reaction-name" text={name} />
            <span className="reaction-count">{reaction.reactors.length}</span>
          </button>
        );
      })}
      {hidden > 0 && <span className="reaction-more">and {hidden} more</span>}
    </div>
  );
}
