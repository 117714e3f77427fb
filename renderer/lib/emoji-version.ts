/**
 * The newest Emoji version the bundled Noto Color Emoji draws: newer emoji
 * would be boxes on Linux, so neither the picker nor `:code:` offers them.
 */
export const EMOJI_VERSION = 15.1;
