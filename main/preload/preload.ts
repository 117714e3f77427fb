import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { ParleyApi } from '../../shared/ipc/api.ts';
import type { CoreEvent } from '../../shared/ipc/events.ts';
import { IPC_EVENT_CHANNEL, ipcChannelName } from '../../shared/ipc/wire.ts';

/**
 * The renderer's only door to the main process: one object with two methods,
 * no raw ipcRenderer. The main side registers exactly the contract's channels
 * and validates every request there.
 */
const api: ParleyApi = {
  invoke(channel, request) {
    if (typeof channel !== 'string') {
      return Promise.resolve({
        ok: false,
        error: { code: 'unknown-channel', message: 'unknown channel', field: null },
      });
    }
    return ipcRenderer.invoke(ipcChannelName(channel), request);
  },
  onEvent(listener) {
    const handler = (_event: IpcRendererEvent, payload: CoreEvent) => listener(payload);
    ipcRenderer.on(IPC_EVENT_CHANNEL, handler);
    return () => ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler);
  },
};

contextBridge.exposeInMainWorld('parley', api);
