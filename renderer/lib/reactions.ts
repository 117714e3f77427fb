/**
 * Reactions as people expect them: the words Parley sends for its six quick
 * reactions (the Messaging API names reactions, the demo uses these words)
 * show as their emoji; an emoji name shows as itself; any other name, from
 * another client, as readable words.
 */
export const QUICK_REACTIONS = [
  { name: 'like', emoji: '👍', spoken: 'thumbs up' },
  { name: 'love', emoji: '❤️', spoken: 'red heart' },
  { name: 'laugh', emoji: '😂', spoken: 'face with tears of joy' },
  { name: 'wow', emoji: '😮', spoken: 'face with open mouth' },
  { name: 'sad', emoji: '😢', spoken: 'crying face' },
  { name: 'thanks', emoji: '🙏', spoken: 'folded hands' },
] as const;

const BY_NAME = new Map<string, (typeof QUICK_REACTIONS)[number]>(
  QUICK_REACTIONS.map((quick) => [quick.name, quick]),
);
const BY_EMOJI = new Map<string, (typeof QUICK_REACTIONS)[number]>(
  QUICK_REACTIONS.flatMap((quick) => [
    [quick.emoji, quick],
    [quick.emoji.replace('\uFE0F', ''), quick],
  ]),
);

/** One or more pictographs (with their modifiers, joiners and flags), and nothing else. */
const EMOJI_ONLY =
  /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\p{Emoji_Component}|\u200D|\uFE0F)+$/u;
const HAS_PICTURE = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

export type ReactionLook =
  { kind: 'emoji'; emoji: string; spoken: string } | { kind: 'words'; text: string };

export function reactionLook(name: string): ReactionLook {
  const quick = BY_NAME.get(name.toLowerCase()) ?? BY_EMOJI.get(name);
  if (quick) return { kind: 'emoji', emoji: quick.emoji, spoken: quick.spoken };
  if (EMOJI_ONLY.test(name) && HAS_PICTURE.test(name)) {
    // Screen readers speak an emoji's own name.
    return { kind: 'emoji', emoji: name, spoken: name };
  }
  return { kind: 'words', text: name.replace(/[_-]+/g, ' ').trim() || name };
}

/** The name to send for a picked emoji: one of Parley's words where there is one. */
export function reactionNameFor(emoji: string): string {
  return BY_EMOJI.get(emoji)?.name ?? emoji;
}

/** Who reacted, as a person says it: "Ava", "Ava and Bo", "you and 2 others". */
export function reactorsPhrase(reactors: readonly string[], selfName: string | null): string {
  const names = [...reactors]
    .sort((a, b) => Number(b === selfName) - Number(a === selfName))
    .map((name) => (name === selfName ? 'you' : name));
  const [first, second] = names;
  if (names.length === 0 || first === undefined) return 'nobody';
  if (names.length === 1) return first;
  if (names.length === 2) return `${first} and ${second}`;
  return `${first} and ${names.length - 1} others`;
}
