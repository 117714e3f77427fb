import { IpcFailure } from './parley.ts';

/** Words for the user, whatever went wrong; never a stack or a raw object. */
export function describeError(error: unknown): string {
  if (error instanceof IpcFailure) {
    switch (error.error.code) {
      case 'unavailable':
        return 'That is not available yet in this version of Parley.';
      case 'network':
        return `Cannot reach the server: ${error.error.message}`;
      case 'unauthorized':
        return 'The server refused the token. Sign in again in Settings.';
      case 'rate-limited':
        return 'The server is busy; try again in a moment.';
      default:
        return error.error.message || 'Something went wrong.';
    }
  }
  return 'Something went wrong.';
}

/**
 * The core words its refusals for the user (the catalogue service's own message
 * included), so a form shows them as they are; anything else gets generic words.
 */
export function describeRefusal(error: unknown): string {
  return error instanceof IpcFailure && error.error.message
    ? error.error.message
    : describeError(error);
}
