/**
 * What the sync benchmark takes from the core, as one entry that it bundles
 * as the app's main process is bundled (bench-core.ts): the core and the
 * plain-Node ports the preview gives it.
 */
export { createCore } from '../../../main/core/create-core.ts';
export {
  confStore,
  fileVault,
  silentLogger,
  silentNotifier,
} from '../../../main/core/ports/node-adapters.ts';
