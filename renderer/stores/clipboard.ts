import { useNotices } from './notice-store.ts';

/** Copies text for the person and says so, or says it could not (the clipboard refused). */
export function copyText(text: string, copied = 'Copied'): void {
  navigator.clipboard.writeText(text).then(
    () => useNotices.getState().push('info', copied),
    () => useNotices.getState().push('error', 'Parley could not copy that; select it instead.'),
  );
}
