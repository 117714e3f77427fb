/**
 * Wire names, kept free of schemas so the preload bundle stays tiny: it only
 * forwards, and the core validates.
 */
export const ipcChannelName = (channel: string): string => `parley:${channel}`;
export const IPC_EVENT_CHANNEL = 'parley:event';
