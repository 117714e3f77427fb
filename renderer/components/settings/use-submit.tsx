import { useState } from 'react';
import { describeRefusal } from '../../ipc/errors.ts';

export type SubmitState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'ok'; text: string }
  | { kind: 'error'; text: string };

/** One form's round trip: busy while it runs, then the outcome in words. */
export function useSubmit() {
  const [state, setState] = useState<SubmitState>({ kind: 'idle' });
  return {
    state,
    busy: state.kind === 'busy',
    fail: (text: string) => setState({ kind: 'error', text }),
    async run(action: () => Promise<string>) {
      setState({ kind: 'busy' });
      try {
        setState({ kind: 'ok', text: await action() });
      } catch (error) {
        setState({ kind: 'error', text: describeRefusal(error) });
      }
    },
  };
}

/** Announced to screen readers: errors as alerts, successes politely. */
export function SubmitResult({ id, state }: { id: string; state: SubmitState }) {
  const error = state.kind === 'error';
  return (
    <span id={id} role={error ? 'alert' : 'status'} className={error ? 'inline-error' : 'hint'}>
      {state.kind === 'ok' || state.kind === 'error' ? state.text : ''}
    </span>
  );
}
