import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="rounded-sm font-medium text-accent underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

/** A message block at the top of an auth form: errors are alerts, notes are polite status. */
export function FormMessage({ tone, children }: { tone: 'error' | 'note' | 'success'; children: ReactNode }) {
  if (tone === 'error') {
    return (
      <p
        role="alert"
        className="rounded-lg border border-negative/40 bg-surface px-3 py-2 text-sm text-negative"
      >
        {children}
      </p>
    );
  }
  return (
    <p
      role="status"
      className={
        tone === 'success'
          ? 'rounded-lg border border-positive/40 bg-surface px-3 py-2 text-sm text-positive'
          : 'rounded-lg border border-border bg-surface px-3 py-2 text-sm text-text-muted'
      }
    >
      {children}
    </p>
  );
}

/** Where confirmation links send the user after verifying: back here, with a marker. */
export function verifiedCallbackURL(): string {
  return `${window.location.origin}/signin?verified=1`;
}
