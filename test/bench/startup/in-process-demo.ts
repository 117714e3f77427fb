import type { DemoServicesLoader } from '../../../main/core/ports/ports.ts';
import { eraseDemoData } from '../../../main/sandbox/demo-process/demo-files.ts';
import { startDemoServices } from '../../../main/sandbox/demo-process/demo-services.ts';

/**
 * The demo's services inside the core's own process, as the app ran them
 * before they had a process of their own: the startup benchmark's baseline
 * for memory. Services in this process die only with it.
 */
export const inProcessDemo: DemoServicesLoader = async () => ({
  start: async (options) => ({
    ...(await startDemoServices(options)),
    died: new Promise<string>(() => {}),
  }),
  erase: eraseDemoData,
});
