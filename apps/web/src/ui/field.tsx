import { type ReactNode, useId } from 'react';
import { cx } from './cx.ts';

/** What a Field hands to its control so that label, hint and error are wired for assistive technology. */
export type FieldControlProps = {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
};

export type FieldProps = {
  label: ReactNode;
  /** Shown under the control in the negative colour and announced with it. */
  error?: ReactNode;
  hint?: ReactNode;
  /** Adds a muted '(optional)' after the label. */
  optional?: boolean;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A label, a control and its message.
 *
 * ```tsx
 * <Field label="Email" error={errors.email}>{(control) => <Input {...control} type="email" />}</Field>
 * ```
 */
export function Field({ label, error, hint, optional = false, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-text">
        {label}
        {optional ? <span className="font-normal text-text-muted"> (optional)</span> : null}
      </label>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-text-muted">
          {hint}
        </p>
      ) : null}
      <div aria-live="polite">
        {error ? (
          <p id={errorId} className="text-sm text-negative">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
