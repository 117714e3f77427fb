import { useEffect, useId, useState } from 'react';
import type { ReceiverStatus } from '../../../shared/model/activity.ts';
import { useReceiver } from '../../stores/receiver-store.ts';
import { exportCertificate } from '../../stores/webhook-actions.ts';
import { SubmitResult, useSubmit } from './use-submit.tsx';

/** The receiver's status, kept current while the caller is shown. */
export function useReceiverStatus(): ReceiverStatus | null {
  const status = useReceiver((s) => s.status);
  const follow = useReceiver((s) => s.follow);
  useEffect(follow, [follow]);
  return status;
}

function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-pem-file' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The PEM a reverse proxy or the catalogue service needs to trust the self-signed receiver. */
function CertificateExport() {
  const [pem, setPem] = useState<string | null>(null);
  const submit = useSubmit();
  const resultId = useId();
  const fieldId = useId();

  const exportPem = () =>
    submit.run(async () => {
      setPem(await exportCertificate());
      return '';
    });
  const copy = (text: string) =>
    submit.run(async () => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        throw new Error('copy refused');
      }
      return 'Copied to the clipboard.';
    });

  return (
    <div className="certificate-export">
      <p className="hint">
        Unless you give it your own, the receiver uses a certificate it made itself, which no
        browser or proxy trusts by default. Export it and add it to the trusted certificates of the
        reverse proxy or tunnel that forwards to the receiver (for nginx,{' '}
        <code>proxy_ssl_trusted_certificate</code>), so the proxy can check that it talks to Parley.
      </p>
      <div className="form-row">
        <button
          type="button"
          className="button secondary"
          disabled={submit.busy}
          onClick={() => void exportPem()}
        >
          Export certificate
        </button>
        {pem && (
          <>
            <button type="button" className="button secondary" onClick={() => void copy(pem)}>
              Copy certificate
            </button>
            <button
              type="button"
              className="button secondary"
              onClick={() => saveFile('parley-receiver.pem', pem)}
            >
              Save certificate…
            </button>
          </>
        )}
        <SubmitResult id={resultId} state={submit.state} />
      </div>
      {pem && (
        <>
          <label htmlFor={fieldId} className="visually-hidden">
            Receiver certificate (PEM)
          </label>
          <textarea
            id={fieldId}
            className="pem"
            readOnly
            rows={6}
            value={pem}
            spellCheck={false}
            onFocus={(event) => event.target.select()}
          />
        </>
      )}
    </div>
  );
}

export function ReceiverStatusPanel({
  enabled,
  status,
}: {
  enabled: boolean;
  status: ReceiverStatus | null;
}) {
  const state = !status
    ? { text: 'Checking the receiver…', problem: false }
    : status.listening
      ? { text: `Listening at ${status.url}`, problem: false }
      : enabled
        ? { text: status.error ?? 'Starting…', problem: status.error !== null }
        : { text: 'Off. Turn it on to receive orders and catalogue changes.', problem: false };
  return (
    <div className="receiver-status">
      <p role="status" className={state.problem ? 'inline-error' : undefined}>
        {state.text}
      </p>
      {status?.listening && status.error && (
        <p className="hint warning-hint" role="status">
          {status.error}
        </p>
      )}
      {status?.certificateFingerprint && (
        <p className="hint">
          Certificate fingerprint (SHA-256):{' '}
          <code className="fingerprint">{status.certificateFingerprint}</code>
        </p>
      )}
      <CertificateExport />
    </div>
  );
}
