import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="rounded-sm font-medium text-accent underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}
