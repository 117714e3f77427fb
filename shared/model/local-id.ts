/**
 * Ids the app gives what it creates before the server has confirmed it (a
 * message being sent, a conversation being created): this prefix and a UUID.
 * The outbox replaces them with the server's ids once it answers.
 */
export const LOCAL_ID_PREFIX = 'local_';

export function isLocalId(id: string): boolean {
  return id.startsWith(LOCAL_ID_PREFIX);
}
