import type { DemoServicesOptions, RunningDemoServices } from './demo-services.ts';

/**
 * What the app and the demo's process say to each other: calls, one answer
 * each by id; and the warnings the services log, for the app's log.
 */
export type DemoRequest =
  | { call: 'start'; options: Omit<DemoServicesOptions, 'log'> }
  | { call: 'history' }
  | { call: 'close' };

export type DemoCall = DemoRequest & { id: number };

export type DemoStarted = Pick<RunningDemoServices, 'messagingUrl' | 'relay'>;

export type DemoProcessMessage =
  | { id: number; value: unknown }
  | { id: number; error: string }
  | { warn: string; fields?: Record<string, unknown> };
