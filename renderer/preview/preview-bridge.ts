import type { ParleyApi } from '../../shared/ipc/api.ts';
import type { CoreEvent } from '../../shared/ipc/events.ts';

/**
 * The preview's stand-in for the preload: the same `window.parley` object,
 * carried over HTTP to the same core router. Only `npm run preview` serves it.
 */
const KEEPALIVE_BODY_LIMIT = 16_384;
const listeners = new Set<(event: CoreEvent) => void>();
const source = new EventSource('/events');
source.onmessage = (message) => {
  const event = JSON.parse(message.data as string) as CoreEvent;
  for (const listener of listeners) listener(event);
};

const api: ParleyApi = {
  async invoke(channel, request) {
    try {
      const body = JSON.stringify(request ?? {});
      const response = await fetch(`/ipc/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        // A request made as the page goes (the drafts saved on pagehide) still reaches the
        // core, as ipcRenderer.invoke's does; the browser takes at most 64 KiB of them.
        keepalive: body.length < KEEPALIVE_BODY_LIMIT,
      });
      return await response.json();
    } catch (error) {
      return {
        ok: false,
        error: { code: 'unavailable', message: `preview bridge: ${String(error)}`, field: null },
      };
    }
  },
  onEvent(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

Object.defineProperty(window, 'parley', { value: Object.freeze(api) });
