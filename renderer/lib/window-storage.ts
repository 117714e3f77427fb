/**
 * This window's own storage (the app:// origin's localStorage), for what is
 * the person's habit on this computer rather than the server's data: the
 * reactions they pick, the width they gave the list, the welcome they
 * dismissed. Storage can be refused (a full disk, a locked profile); then the
 * value lasts until the window closes, and nothing else depends on it.
 */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function keepStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Lost at the window's close, as said above.
  }
}
