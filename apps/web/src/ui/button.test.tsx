import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('is a type="button" that clicks', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Sign In</Button>);
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.setup().click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading shows the busy label, is disabled and announces busy', async () => {
    const onClick = vi.fn();
    render(
      <Button loading busyLabel="Creating Account..." onClick={onClick}>
        Create Account
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Creating Account...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.setup().click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("defaults the busy label to 'Processing...'", () => {
    render(<Button loading>Sign In</Button>);
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeInTheDocument();
  });

  it('renders its child with the button look when asChild', () => {
    render(
      <Button asChild variant="secondary">
        <a href="/Accounts">Accounts</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Accounts' });
    expect(link).toHaveAttribute('href', '/Accounts');
    expect(link.className).toContain('border-border-strong');
  });
});
