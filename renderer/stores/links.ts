import { call } from '../ipc/parley.ts';
import { reportError } from './notice-store.ts';

/** Opens an http(s) link in the system browser; the core refuses anything else. */
export function openLink(url: string) {
  call('links:open', { url }).catch(reportError);
}
