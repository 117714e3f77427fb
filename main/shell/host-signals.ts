import { net, powerMonitor } from 'electron';
import type { Core } from '../core/create-core.ts';

/** Electron has no online/offline event in the main process, so it is sampled; the call is cheap. */
const ONLINE_SAMPLE_MS = 5_000;

/**
 * Tells the core what the OS knows and the network layer cannot: the machine
 * is asleep, or has no network at all. Polling pauses then and resumes at once.
 */
export function forwardHostSignals(core: Core): () => void {
  const suspend = () => core.setHostState({ suspended: true });
  const resume = () => core.setHostState({ suspended: false });
  powerMonitor.on('suspend', suspend);
  powerMonitor.on('resume', resume);

  let online = net.isOnline();
  core.setHostState({ online });
  const sampler = setInterval(() => {
    const now = net.isOnline();
    if (now === online) return;
    online = now;
    core.setHostState({ online });
  }, ONLINE_SAMPLE_MS);

  return () => {
    clearInterval(sampler);
    powerMonitor.off('suspend', suspend);
    powerMonitor.off('resume', resume);
  };
}
