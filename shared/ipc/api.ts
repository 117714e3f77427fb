import type { Channel, ChannelRequest, ChannelResponse, IpcResult } from './contract.ts';
import type { CoreEvent } from './events.ts';

/**
 * What the renderer sees as `window.parley`: exposed by the preload in the app,
 * by the preview bridge in a browser. The same shape in both.
 */
export interface ParleyApi {
  invoke<C extends Channel>(
    channel: C,
    request: ChannelRequest<C>,
  ): Promise<IpcResult<ChannelResponse<C>>>;
  onEvent(listener: (event: CoreEvent) => void): () => void;
}
