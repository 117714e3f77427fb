import type { MessageRow } from '../store/messages.ts';
import type { Workspace } from '../store/workspace.ts';

/** What the Messaging routes work with. */
export interface RouteContext {
  workspace: Workspace;
  /** Unix seconds */
  now(): number;
  /** Called after a user's message is delivered (the demo's simulated replies listen). */
  onMessageSent(message: MessageRow): void;
}
