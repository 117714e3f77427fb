import { useEffect } from 'react';
import { reportActivity } from '../../stores/navigation.ts';

/** Focus and visibility changes go to the core, which polls faster or slower. */
export function useActivityReports() {
  useEffect(() => {
    reportActivity();
    window.addEventListener('focus', reportActivity);
    window.addEventListener('blur', reportActivity);
    document.addEventListener('visibilitychange', reportActivity);
    return () => {
      window.removeEventListener('focus', reportActivity);
      window.removeEventListener('blur', reportActivity);
      document.removeEventListener('visibilitychange', reportActivity);
    };
  }, []);
}
