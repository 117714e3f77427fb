import { useEffect } from 'react';
import type { RelayStatus } from '../../../shared/model/relay.ts';
import { relayWords, startedOverWords } from '../../lib/relay-words.ts';
import { useNow } from '../../stores/clock-store.ts';
import { useRelays } from '../../stores/relay-store.ts';
import { OpenSettingsButton } from '../common/open-settings-button.tsx';

/**
 * Where each relay the app pulls from stands, above the feed: connected and
 * the time of the last event, or unreachable since when and why.
 */
export function RelayState() {
  const relays = useRelays((s) => s.relays);
  const load = useRelays((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
  const inUse = relays.filter((status) => status.state !== 'off');
  if (inUse.length === 0) return null;
  return (
    <div className="relay-states">
      {inUse.map((status) => (
        <RelayLine key={status.source} status={status} />
      ))}
    </div>
  );
}

function RelayLine({ status }: { status: RelayStatus }) {
  const now = useNow();
  const words = relayWords(status, now);
  const startedOver = startedOverWords(status, now);
  return (
    <section
      className={`relay-state ${status.state}`}
      aria-label={status.source === 'demo' ? 'Demo relay' : 'Relay'}
    >
      <span className="relay-dot" aria-hidden="true" />
      <p role="status" className="relay-words">
        <strong>{words.text}</strong>
        {words.detail && ` ${words.detail}`}
        {startedOver && ` ${startedOver}`}
      </p>
      {words.needsToken && <OpenSettingsButton />}
    </section>
  );
}
