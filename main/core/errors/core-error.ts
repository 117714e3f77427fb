import type { IpcErrorCode } from '../../../shared/ipc/contract.ts';

/** An error the renderer is meant to see: a code it can act on and words for the user. */
export class CoreError extends Error {
  readonly code: IpcErrorCode;
  readonly field: string | null;

  constructor(code: IpcErrorCode, message: string, field: string | null = null) {
    super(message);
    this.name = 'CoreError';
    this.code = code;
    this.field = field;
  }
}

export const notFound = (what: string) => new CoreError('not-found', `${what} was not found`);
