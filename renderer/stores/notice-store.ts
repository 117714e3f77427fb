import { create } from 'zustand';
import { describeError } from '../ipc/errors.ts';

export interface Notice {
  id: number;
  level: 'info' | 'warning' | 'error';
  message: string;
}

interface NoticeState {
  notices: Notice[];
  push(level: Notice['level'], message: string): void;
  dismiss(id: number): void;
}

const SHOWN_FOR_MS = 6_000;
let nextId = 1;

export const useNotices = create<NoticeState>()((set, get) => ({
  notices: [],
  push(level, message) {
    const id = nextId++;
    // Repeats of the same words add nothing; the newest one stays.
    set({
      notices: [...get().notices.filter((n) => n.message !== message), { id, level, message }],
    });
    setTimeout(() => get().dismiss(id), SHOWN_FOR_MS);
  },
  dismiss(id) {
    set({ notices: get().notices.filter((n) => n.id !== id) });
  },
}));

export function reportError(error: unknown): void {
  useNotices.getState().push('error', describeError(error));
}

/** Runs an action, turning a failure into a notice instead of an unhandled rejection. */
export async function attempt<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    reportError(error);
    return undefined;
  }
}
