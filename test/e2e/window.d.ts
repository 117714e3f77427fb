import type { ParleyApi } from '../../shared/ipc/api.ts';

declare global {
  interface Window {
    readonly parley: ParleyApi;
  }
}
