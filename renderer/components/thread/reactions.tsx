import type { MessageView } from '../../../shared/model/message.ts';
import { reactionLook, reactorsPhrase } from '../../lib/reactions.ts';
import { clipMiddle } from '../../lib/untrusted-text.ts';
import { toggleReaction } from '../../stores/message-actions.ts';
import { useSession } from '../../stores/session-store.ts';
import { ServerText } from '../common/untrusted-text.tsx';

/** Chips shown under one message; a server may list any number of reactions. */
const SHOWN_REACTIONS = 24;
const REACTION_NAME_LENGTH = 32;
const REACTOR_NAME_LENGTH = 40;

/**
 * One chip per reaction, with its count. The name says the reaction and who
 * ("thumbs up, 3: Ava and 2 others"); pressing a chip adds or removes ours.
 * Names come from the server, so they are clipped to a sensible length.
 */
export function Reactions({ message }: { message: MessageView }) {
  const selfName = useSession((s) => s.session?.selfName ?? null);
  if (message.reactions.length === 0) return null;
  const hidden = message.reactions.length - SHOWN_REACTIONS;
  return (
    <div className="reactions" role="group" aria-label="Reactions">
      {message.reactions.slice(0, SHOWN_REACTIONS).map((reaction) => {
        const look = reactionLook(reaction.name);
        const what = clipMiddle(
          look.kind === 'emoji' ? look.spoken : look.text,
          REACTION_NAME_LENGTH,
        );
        const who = reactorsPhrase(
          reaction.reactors.map((name) =>
            name === selfName ? name : clipMiddle(name, REACTOR_NAME_LENGTH),
          ),
          selfName,
        );
        const count = reaction.reactors.length;
        return (
          <button
            key={reaction.name}
            type="button"
            className={`reaction-chip ${look.kind}`}
            aria-pressed={reaction.mine}
            aria-label={`${what}, ${count}: ${who}`}
            title={`${who.charAt(0).toUpperCase()}${who.slice(1)} reacted with ${what}`}
            onClick={() => toggleReaction(message, reaction.name)}
          >
            {look.kind === 'emoji' ? (
              <span className="emoji" aria-hidden="true">
                {clipMiddle(look.emoji, REACTION_NAME_LENGTH)}
              </span>
            ) : (
              <ServerText className="reaction-name" text={look.text} max={REACTION_NAME_LENGTH} />
            )}
            <span className="reaction-count">{count}</span>
          </button>
        );
      })}
      {hidden > 0 && <span className="reaction-more">and {hidden} more</span>}
    </div>
  );
}
