import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field.tsx';
import { Input } from './input.tsx';

describe('Field', () => {
  it('labels its control and describes it with the hint and the error', () => {
    render(
      <Field label="Email" hint="We send a confirmation link." error="Please enter a valid email.">
        {(control) => <Input {...control} type="email" />}
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We send a confirmation link. Please enter a valid email.');
  });

  it('is valid and undescribed without an error or hint, and marks optional fields', () => {
    render(
      <Field label="Middle name" optional>
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Middle name (optional)');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});
