import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Field, type FieldControlProps, Input, type InputProps } from '../../ui/index.ts';

/** An auth screen with a form: the document title, the heading and a line under it, then the content. */
export function AuthScreen(props: { id: string; heading: string; intro: ReactNode; children: ReactNode }) {
  const { id, heading, intro, children } = props;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-6">
      <title>{`${heading} · Penny`}</title>
      <div className="flex flex-col gap-1">
        <h1 id={id} className="text-xl font-semibold text-text">
          {heading}
        </h1>
        <p className="text-sm text-text-muted">{intro}</p>
      </div>
      {children}
    </section>
  );
}

/** The centred "we sent you an email" screen: mail icon, heading, then the content. */
export function MailSentScreen(props: { id: string; heading: string; children: ReactNode }) {
  const { id, heading, children } = props;
  return (
    <section aria-labelledby={id} className="flex flex-col items-center gap-5 text-center">
      <title>{`${heading} · Penny`}</title>
      <span className="flex size-12 items-center justify-center rounded-full bg-surface text-accent">
        <MailCheck aria-hidden="true" className="size-6" strokeWidth={1.75} />
      </span>
      <h1 id={id} className="text-xl font-semibold text-text">
        {heading}
      </h1>
      {children}
    </section>
  );
}

export type InputFieldProps = Omit<InputProps, 'value' | 'onChange'> & {
  label: string;
  hint?: string;
  optional?: boolean;
  error?: string | null;
  value: string;
  onValueChange: (value: string) => void;
  /** Adjusts the Field's wiring before it reaches the input (e.g. to point at a form-level error too). */
  wire?: (control: FieldControlProps) => FieldControlProps;
};

/** A labelled text input holding a string. */
export function InputField({
  label,
  hint,
  optional,
  error,
  value,
  onValueChange,
  wire,
  ...input
}: InputFieldProps) {
  return (
    <Field label={label} hint={hint} optional={optional} error={error}>
      {(control) => (
        <Input
          {...(wire ? wire(control) : control)}
          {...input}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}
