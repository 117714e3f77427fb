import { create } from 'zustand';
import { call, IpcFailure } from '../ipc/parley.ts';

/**
 * What the main process found out about the link being attached, by a HEAD
 * request under the outbound rules of remote images (`links:probe`):
 * - checking: asked, no answer yet;
 * - found: the server said its type and/or size;
 * - unknown: the server answered without saying (or with an error status);
 * - failed: the link could not be asked about (refused address, no answer).
 */
export type LinkProbe =
  | { url: string; state: 'checking' }
  | { url: string; state: 'found'; mimeType: string | null; size: number | null }
  | { url: string; state: 'unknown' }
  | { url: string; state: 'failed'; error: string };

interface LinkProbeState {
  probe: LinkProbe | null;
  /** Asks about `url` unless it is the link already asked about; a later ask wins. */
  check(url: string): Promise<void>;
  clear(): void;
}

export const useLinkProbe = create<LinkProbeState>()((set, get) => ({
  probe: null,
  async check(url) {
    if (get().probe?.url === url) return;
    set({ probe: { url, state: 'checking' } });
    let answer: LinkProbe;
    try {
      const { mimeType, size } = await call('links:probe', { url });
      answer =
        mimeType === null && size === null
          ? { url, state: 'unknown' }
          : { url, state: 'found', mimeType, size };
    } catch (error) {
      // A refusal is worded by the core; a network failure carries system words, so say it plainly.
      const refused = error instanceof IpcFailure && error.error.code === 'invalid-input';
      answer = {
        url,
        state: 'failed',
        error: refused ? error.message : `${new URL(url).host} did not answer.`,
      };
    }
    // The user may have typed another link meanwhile: only the answer for the current one shows.
    if (get().probe?.url === url) set({ probe: answer });
  },
  clear: () => set({ probe: null }),
}));

/** The type and size a probe of `url` found, to fill what the user left empty. */
export function probedDetails(probe: LinkProbe | null, url: string) {
  return probe?.url === url && probe.state === 'found'
    ? { mimeType: probe.mimeType, size: probe.size }
    : { mimeType: null, size: null };
}
