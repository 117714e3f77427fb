import type { ParleyApi } from '../../shared/ipc/api.ts';
import type {
  Channel,
  ChannelRequest,
  ChannelResponse,
  IpcError,
} from '../../shared/ipc/contract.ts';

declare global {
  interface Window {
    readonly parley: ParleyApi;
  }
}

/** An IPC error as a thrown value, for callers that prefer try/catch. */
export class IpcFailure extends Error {
  readonly error: IpcError;
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'IpcFailure';
    this.error = error;
  }
}

export async function call<C extends Channel>(
  channel: C,
  request: ChannelRequest<C>,
): Promise<ChannelResponse<C>> {
  const result = await window.parley.invoke(channel, request);
  if (!result.ok) throw new IpcFailure(result.error);
  return result.value;
}

export const onCoreEvent: ParleyApi['onEvent'] = (listener) => window.parley.onEvent(listener);
