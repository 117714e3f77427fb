import type { CoreEvent } from '../../../shared/ipc/events.ts';

export type EventListener = (event: CoreEvent) => void;

/** Fans core events out to the window (or the preview bridge, or the CLI's watch). */
export interface EventBus {
  emit(event: CoreEvent): void;
  subscribe(listener: EventListener): () => void;
}

export function createEventBus(onListenerError: (error: unknown) => void): EventBus {
  const listeners = new Set<EventListener>();
  return {
    emit(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
