import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import type { AttachmentInput } from '../../../shared/model/message.ts';
import {
  EMPTY_FIELDS,
  readAttachment,
  type AttachmentFields,
  type FieldName,
} from './attachment-fields.ts';

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

  useEffect(() => {
    inputs.current.url?.focus();
  }, []);

  const add = async () => {
    const read = await readAttachment(fields);
    if (!read.ok) {
      setProblem(read);
      inputs.current[read.field]?.focus();
      return;
    }
    onAdd(read.value);
    setFields(EMPTY_FIELDS);
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
              placeholder={placeholder}
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
        <span className="hint">Only the link is needed.</span>
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
