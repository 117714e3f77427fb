import type { InputHTMLAttributes, ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onChange(value: string): void;
};

/** A labelled text box: the label wraps the input, so its name is the label's words. */
export function Field({
  label,
  className = 'field',
  onChange,
  ...input
}: InputProps & { label: ReactNode; className?: string }) {
  return (
    <label className={className}>
      <span>{label}</span>
      <input {...input} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/**
 * A field for a token or secret: never shown back, never spell-checked or
 * offered for autofill. Once one is saved, it says so and invites a replacement.
 */
export function SecretField({
  saved,
  what,
  placeholder,
  ...field
}: InputProps & {
  label: ReactNode;
  saved: boolean;
  /** What it holds, for "Saved — type a new token to replace it". */
  what: string;
  placeholder: string;
}) {
  return (
    <Field
      {...field}
      type="password"
      autoComplete="off"
      spellCheck={false}
      placeholder={saved ? `Saved — type a new ${what} to replace it` : placeholder}
    />
  );
}

/** A problem in words, announced as it appears. */
export function InlineError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="inline-error">
      {children}
    </p>
  );
}
