import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CHANNEL_NAMES } from '../../shared/ipc/contract.ts';
import { IPC_EVENT_CHANNEL, ipcChannelName } from '../../shared/ipc/wire.ts';
import type { Core } from '../core/create-core.ts';
import { APP_ORIGIN } from './app-protocol.ts';

/**
 * One ipcMain handler per contract channel. Each checks that the call comes
 * from our own window's top frame on our own origin before the core sees it.
 */
export function connectIpc(core: Core, window: BrowserWindow): () => void {
  const trusted = (event: IpcMainInvokeEvent) =>
    event.sender.id === window.webContents.id &&
    event.senderFrame !== null &&
    event.senderFrame === window.webContents.mainFrame &&
    event.senderFrame.url.startsWith(`${APP_ORIGIN}/`);

  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(ipcChannelName(channel), (event, request: unknown) => {
      if (!trusted(event)) {
        return { ok: false, error: { code: 'unknown-channel', message: 'refused', field: null } };
      }
      return core.router.handle(channel, request);
    });
  }
  const unsubscribe = core.onEvent((event) => {
    if (!window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, event);
  });
  return () => {
    unsubscribe();
    for (const channel of CHANNEL_NAMES) ipcMain.removeHandler(ipcChannelName(channel));
  };
}
