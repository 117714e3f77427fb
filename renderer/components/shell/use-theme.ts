import { useEffect } from 'react';
import { useSettings } from '../../stores/settings-store.ts';

/** `system` leaves the choice to prefers-color-scheme; light and dark pin it. */
export function useTheme() {
  const theme = useSettings((s) => s.settings?.theme ?? 'system');
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
