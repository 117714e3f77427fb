import { useId } from 'react';
import type { EventDelivery } from '../../../shared/model/relay.ts';
import { updateSettings } from '../../stores/settings-update.ts';

const OPTIONS: { value: EventDelivery; label: string; hint: string }[] = [
  {
    value: 'relay',
    label: 'Through a relay (recommended)',
    hint: 'An always-on relay on a server keeps every event while this computer is off, asleep or offline, and Parley fetches them when it is back. Several computers can share one relay.',
  },
  {
    value: 'direct',
    label: 'Directly on this computer',
    hint: 'The catalogue service delivers to a receiver inside Parley, only while Parley runs and the service can reach it: for a shop on the same network.',
  },
];

/** How the catalogue service's events reach this computer. */
export function DeliveryChoice({ delivery }: { delivery: EventDelivery }) {
  const name = useId();
  return (
    <fieldset className="delivery-choice">
      <legend>How orders reach this computer</legend>
      {OPTIONS.map((option) => (
        <DeliveryOption
          key={option.value}
          {...option}
          name={name}
          checked={delivery === option.value}
          onChoose={() => void updateSettings({ webhooks: { delivery: option.value } })}
        />
      ))}
    </fieldset>
  );
}

function DeliveryOption(props: {
  label: string;
  hint: string;
  name: string;
  checked: boolean;
  onChoose(): void;
}) {
  const id = useId();
  return (
    <div className="delivery-option">
      <input
        id={id}
        type="radio"
        name={props.name}
        checked={props.checked}
        aria-describedby={`${id}-hint`}
        onChange={props.onChoose}
      />
      <label htmlFor={id}>
        <strong>{props.label}</strong>
      </label>
      <p id={`${id}-hint`} className="hint">
        {props.hint}
      </p>
    </div>
  );
}
