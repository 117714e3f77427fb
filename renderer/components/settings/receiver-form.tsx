import { useId, useState } from 'react';
import { webhookSettings, type Settings } from '../../../shared/model/settings.ts';
import { updateSettings } from '../../stores/settings-update.ts';
import { setListenAddress } from '../../stores/webhook-actions.ts';
import { Field } from '../common/fields.tsx';
import { SubmitResult, useSubmit } from './use-submit.tsx';

type Webhooks = Settings['webhooks'];

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i;
const HOST = /^[\w.:-]+$/;

/** Host, port and path checked here, so a typo is named before the receiver restarts. */
function checkAddress(
  host: string,
  port: string,
  path: string,
): { ok: false; error: string } | { ok: true; value: Pick<Webhooks, 'host' | 'port' | 'path'> } {
  if (!HOST.test(host)) {
    return { ok: false, error: 'Enter the address to listen on, such as 127.0.0.1.' };
  }
  const portNumber = Number(port);
  if (!/^\d+$/.test(port) || portNumber < 1 || portNumber > 65_535) {
    return { ok: false, error: 'The port must be a whole number from 1 to 65535.' };
  }
  const checkedPath = webhookSettings.shape.path.safeParse(path);
  if (!checkedPath.success) {
    return { ok: false, error: 'The path must start with / and contain no spaces.' };
  }
  return { ok: true, value: { host, port: portNumber, path: checkedPath.data } };
}

/**
 * Where the receiver listens; applied together, since each change restarts it.
 * Moving it off this computer is its own step, confirmed here first: the core
 * takes the address only through its own action, never with other settings.
 */
export function ReceiverForm({ webhooks }: { webhooks: Webhooks }) {
  const [host, setHost] = useState(webhooks.host);
  const [port, setPort] = useState(String(webhooks.port));
  const [path, setPath] = useState(webhooks.path);
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmit();
  const resultId = useId();
  const exposed = !LOOPBACK.test(host.trim());

  const apply = (value: Pick<Webhooks, 'host' | 'port' | 'path'>) =>
    submit.run(async () => {
      setConfirming(false);
      if (value.host !== webhooks.host) {
        await setListenAddress(value.host);
      }
      const { port: nextPort, path: nextPath } = value;
      if (!(await updateSettings({ webhooks: { port: nextPort, path: nextPath } }))) {
        throw new Error('not saved');
      }
      return webhooks.enabled ? 'Saved. The receiver restarts with these settings.' : 'Saved.';
    });

  const save = () => {
    const checked = checkAddress(host.trim(), port.trim(), path.trim());
    if (!checked.ok) return submit.fail(checked.error);
    if (checked.value.host !== webhooks.host && exposed) return setConfirming(true);
    return apply(checked.value);
  };

  return (
    <form
      className="receiver-form"
      aria-label="Receiver address"
      aria-describedby={resultId}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="check">
        <input
          type="checkbox"
          checked={webhooks.enabled}
          onChange={(event) => void updateSettings({ webhooks: { enabled: event.target.checked } })}
        />
        Receive catalogue webhooks on this computer
      </label>
      <div className="address-grid">
        <Field label="Listen on" value={host} spellCheck={false} required onChange={setHost} />
        <Field label="Port" inputMode="numeric" value={port} required onChange={setPort} />
        <Field label="Path" value={path} spellCheck={false} required onChange={setPath} />
      </div>
      {exposed && (
        <p className="hint warning-hint">
          Other computers on the network can reach the receiver at this address. Keep 127.0.0.1 when
          a reverse proxy or tunnel on this computer forwards to it.
        </p>
      )}
      {confirming ? (
        <div className="confirm-exposure" role="group" aria-label="Expose the receiver">
          <p>
            Listen on {host.trim()}? Any computer that can reach this address can send deliveries to
            the receiver; only ones signed with your webhook secret are accepted.
          </p>
          <div className="form-row">
            <button type="button" className="button secondary" onClick={() => setConfirming(false)}>
              Keep it on this computer
            </button>
            <button
              type="button"
              className="button danger"
              onClick={() => {
                const checked = checkAddress(host.trim(), port.trim(), path.trim());
                if (checked.ok) void apply(checked.value);
              }}
            >
              Listen on the network
            </button>
          </div>
        </div>
      ) : (
        <div className="form-row">
          <button type="submit" className="button secondary" disabled={submit.busy}>
            Save address
          </button>
          <SubmitResult id={resultId} state={submit.state} />
        </div>
      )}
    </form>
  );
}
