// The zod-free entry: these screens load before any form needs a schema.
import { identityMessages } from '@penny/contracts/messages';
import { Outlet } from 'react-router';
import { useSession } from '../../session/index.ts';
import { Card, useLightThemeWhileMounted } from '../../ui/index.ts';
import { Brand } from './brand.tsx';

/**
 * The frame of the sign-in, sign-up and password screens. docs/product/identity.md, "Theme": the
 * authentication screen is light while shown and the user's theme comes back when it is left.
 */
export function AuthLayout() {
  useLightThemeWhileMounted();
  const { error } = useSession();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-background px-4 py-10 text-text">
      <main id="main" className="flex w-full max-w-md flex-col gap-6">
        <Brand className="self-center" />
        {error ? (
          <p
            role="alert"
            className="rounded-lg border border-negative/40 bg-surface px-4 py-3 text-sm text-negative"
          >
            {identityMessages.signIn.initialSessionFailed}
          </p>
        ) : null}
        <Card className="p-6 sm:p-8">
          <Outlet />
        </Card>
      </main>
    </div>
  );
}
