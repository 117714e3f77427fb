import { useState } from 'react';
import type { Settings } from '../../../shared/model/settings.ts';
import { Field, InlineError } from '../common/fields.tsx';

type Polling = Settings['polling'];

const FIELDS: { key: keyof Polling; label: string }[] = [
  { key: 'openMs', label: 'A conversation is open' },
  { key: 'focusedMs', label: 'Parley is in front, no conversation open' },
  { key: 'backgroundMs', label: 'Parley is in the background' },
  { key: 'conversationsMs', label: 'Conversation list' },
];
const MIN_S = 0.5;
const MAX_S = 3600;

/** Intervals in seconds, as a person thinks of them; saved when a field is left. */
export function PollingFields({
  polling,
  onSave,
}: {
  polling: Polling;
  onSave(patch: Partial<Polling>): Promise<boolean>;
}) {
  const [values, setValues] = useState(() =>
    Object.fromEntries(FIELDS.map(({ key }) => [key, String(polling[key] / 1000)])),
  );
  const [error, setError] = useState<string | null>(null);

  const save = (key: keyof Polling) => {
    const seconds = Number(values[key]);
    if (!Number.isFinite(seconds) || seconds < MIN_S || seconds > MAX_S) {
      setError(`Use a number of seconds between ${MIN_S} and ${MAX_S}.`);
      return;
    }
    setError(null);
    const ms = Math.round(seconds * 1000);
    if (ms !== polling[key]) void onSave({ [key]: ms });
  };

  return (
    <section className="settings-section" aria-labelledby="settings-polling">
      <h3 id="settings-polling">Checking for new messages</h3>
      <p className="hint">How often Parley asks the server, in seconds.</p>
      <div className="polling-grid">
        {FIELDS.map(({ key, label }) => (
          <Field
            key={key}
            label={label}
            className="field inline"
            type="number"
            min={MIN_S}
            max={MAX_S}
            step="0.5"
            value={values[key] ?? ''}
            aria-invalid={error !== null}
            onChange={(value) => setValues({ ...values, [key]: value })}
            onBlur={() => save(key)}
          />
        ))}
      </div>
      <InlineError>{error}</InlineError>
    </section>
  );
}
