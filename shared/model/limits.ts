// Bounds on everything the renderer may send, so a bad or hostile page cannot
// make the core allocate, store or send something absurd.
export const LIMITS = {
  idLength: 200,
  messageLength: 20_000,
  /** Several messages' worth: a long paste is sent as several (renderer/lib/split-message.ts). */
  draftLength: 200_000,
  nameLength: 200,
  queryLength: 500,
  urlLength: 2_048,
  tokenLength: 4_096,
  pageSize: 200,
  attachmentsPerMessage: 20,
  reactionNameLength: 64,
} as const;
