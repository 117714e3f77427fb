import type { MessageView } from '../../../shared/model/message.ts';
import { toggleReaction } from '../../stores/message-actions.ts';
import { useSession } from '../../stores/session-store.ts';

// Named as the Messaging API names them (the demo server uses these words), not as emoji.
export const QUICK_REACTIONS = ['like', 'love', 'laugh', 'wow', 'sad', 'thanks'];

const NAMED = 12;

function who(reactors: string[], selfName: string | null): string {
  const names = reactors.slice(0, NAMED).map((name) => (name === selfName ? 'You' : name));
  const rest = reactors.length - names.length;
  return rest > 0 ? `${names.join(', ')} and ${rest} more` : names.join(', ');
}

/** Chips with counts; the tooltip names who reacted; pressing one adds or removes ours. */
export function Reactions({ message }: { message: MessageView }) {
  const selfName = useSession((s) => s.session?.selfName ?? null);
  if (message.reactions.length === 0) return null;
  return (
    <div className="reactions" role="group" aria-label="Reactions">
      {message.reactions.map((reaction) => {
        const names = who(reaction.reactors, selfName);
        return (
          <button
            key={reaction.name}
            type="button"
            className="reaction-chip"
            aria-pressed={reaction.mine}
            aria-label={`${reaction.name} ${reaction.reactors.length}: ${names}`}
            title={names}
            onClick={() => toggleReaction(message, reaction.name)}
          >
            <span className="reaction-name">{reaction.name}</span>
            <span className="reaction-count">{reaction.reactors.length}</span>
          </button>
        );
      })}
    </div>
  );
}
