import { mergeSettings, type SettingsPatch } from '../../shared/model/settings.ts';
import { call } from '../ipc/parley.ts';
import { reportError } from './notice-store.ts';
import { useSettings } from './settings-store.ts';

/**
 * Changes settings. Kept apart from the settings slice because only the
 * settings screens change them: the shared settings module brings the schema
 * library with it, which the first paint need not load.
 */
export async function updateSettings(patch: SettingsPatch): Promise<boolean> {
  const before = useSettings.getState().settings;
  // A checkbox follows the click at once; the core's answer then settles it.
  if (before) useSettings.setState({ settings: mergeSettings(before, patch) });
  try {
    useSettings.setState(await call('settings:update', patch));
    return true;
  } catch (error) {
    reportError(error);
    await useSettings.getState().load();
    return false;
  }
}
