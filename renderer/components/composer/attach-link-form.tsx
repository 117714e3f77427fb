import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import type { AttachmentInput } from '../../../shared/model/message.ts';
import { fileSize } from '../../lib/format.ts';
import { probedDetails, useLinkProbe, type LinkProbe } from '../../stores/link-probe-store.ts';
import {
  EMPTY_FIELDS,
  nameFromUrl,
  readAttachment,
  typedLink,
  type AttachmentFields,
  type FieldName,
} from './attachment-fields.ts';

/** A pause in typing this long, and the link is asked about. */
const PROBE_PAUSE_MS = 400;

const FIELDS: {
  key: FieldName;
  label: string;
  placeholder: string;
  inputMode?: 'url' | 'numeric';
}[] = [
  { key: 'url', label: 'Link', placeholder: 'example.com/photo.jpg', inputMode: 'url' },
  { key: 'name', label: 'Name', placeholder: 'Taken from the link' },
  { key: 'mimeType', label: 'Type', placeholder: 'From the link' },
  { key: 'size', label: 'Size in bytes', placeholder: 'Optional', inputMode: 'numeric' },
];

/** What the attachment will be, as far as the link's server said, before it is added. */
function LinkDetails({ probe, name }: { probe: LinkProbe | null; name: string }) {
  if (probe === null) return <span className="hint">Only the link is needed.</span>;
  const text = (() => {
    switch (probe.state) {
      case 'checking':
        return 'Checking the link…';
      case 'found':
        return [name, probe.mimeType, probe.size === null ? null : fileSize(probe.size)]
          .filter(Boolean)
          .join(' · ');
      case 'unknown':
        return `${name}: its server does not say what it is. It can be attached all the same.`;
      case 'failed':
        return `Not checked: ${probe.error} It can be attached all the same.`;
    }
  })();
  return <span className={`hint link-details ${probe.state}`}>{text}</span>;
}

/** The small form for one link attachment; Esc or Cancel closes it, Enter adds. */
export function AttachLinkForm({
  id,
  onAdd,
  onClose,
}: {
  id: string;
  onAdd(attachment: AttachmentInput): void;
  onClose(): void;
}) {
  const [fields, setFields] = useState<AttachmentFields>(EMPTY_FIELDS);
  const [problem, setProblem] = useState<{ field: FieldName; error: string } | null>(null);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const errorId = useId();
  const probe = useLinkProbe((s) => s.probe);
  const checkLink = useLinkProbe((s) => s.check);
  const clearProbe = useLinkProbe((s) => s.clear);
  const link = typedLink(fields.url);
  const shown = link !== null && probe?.url === link ? probe : null;
  const probed = link === null ? probedDetails(null, '') : probedDetails(probe, link);

  useEffect(() => {
    inputs.current.url?.focus();
    return clearProbe;
  }, [clearProbe]);

  useEffect(() => {
    if (link === null) return;
    const timer = setTimeout(() => void checkLink(link), PROBE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [link, checkLink]);

  const placeholderOf = (key: FieldName, placeholder: string) => {
    if (key === 'name' && link !== null) return nameFromUrl(link) || placeholder;
    if (key === 'mimeType' && probed.mimeType !== null) return probed.mimeType;
    if (key === 'size' && probed.size !== null) return String(probed.size);
    return placeholder;
  };

  const add = async () => {
    const submitted = fields;
    const read = await readAttachment(submitted, probed);
    if (!read.ok) {
      setProblem(read);
      inputs.current[read.field]?.focus();
      return;
    }
    onAdd(read.value);
    // Typing may have gone on while the attachment was read: only what was added is cleared.
    setFields((current) => (current === submitted ? EMPTY_FIELDS : current));
    setProblem(null);
  };

  return (
    <form
      id={id}
      className="attach-link-form"
      aria-label="Attach a link"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <div className="attach-link-fields">
        {FIELDS.map(({ key, label, placeholder, inputMode }) => (
          <label key={key} className={`field attach-${key}`}>
            <span>{label}</span>
            <input
              ref={(element) => {
                inputs.current[key] = element;
              }}
              inputMode={inputMode}
              placeholder={placeholderOf(key, placeholder)}
              spellCheck={false}
              value={fields[key]}
              maxLength={key === 'url' ? LIMITS.urlLength : LIMITS.nameLength}
              aria-invalid={problem?.field === key}
              aria-describedby={problem?.field === key ? errorId : undefined}
              onChange={(event) => setFields({ ...fields, [key]: event.target.value })}
            />
          </label>
        ))}
      </div>
      <div className="form-row">
        <span role="status" className="link-status">
          <LinkDetails
            probe={shown}
            name={fields.name.trim() || (link === null ? '' : nameFromUrl(link))}
          />
        </span>
        <button type="submit" className="button primary small">
          Add attachment
        </button>
        <button type="button" className="button secondary small" onClick={onClose}>
          Cancel
        </button>
        {problem && (
          <span id={errorId} role="alert" className="inline-error">
            {problem.error}
          </span>
        )}
      </div>
    </form>
  );
}
