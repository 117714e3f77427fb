/** LIKE patterns from user text: `%`, `_` and `\` match themselves (use with `ESCAPE '\'`). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export const likeContaining = (text: string) => `%${escapeLike(text)}%`;
export const likeStartingWith = (text: string) => `${escapeLike(text)}%`;
