import { IpcFailure } from './parley.ts';

const SOMETHING_WRONG =
  'Something went wrong in Parley. Try again; if it keeps happening, restart Parley.';

/** Words for the user, whatever went wrong; never a stack or a raw object. */
export function describeError(error: unknown): string {
  if (error instanceof IpcFailure) {
    switch (error.error.code) {
      case 'unavailable':
        return 'That is not available yet in this version of Parley.';
      case 'unauthorized':
        return 'The server refused the token. Sign in again in Settings.';
      case 'rate-limited':
        return 'The server is busy. Try again in a moment.';
      default:
        // The core words its errors for the user, with what to do.
        return error.error.message || SOMETHING_WRONG;
    }
  }
  return SOMETHING_WRONG;
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
