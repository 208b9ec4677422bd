import { Outlet } from 'react-router';
import { Card } from '../../ui/index.ts';
import { Brand } from './brand.tsx';

/**
 * The frame of the sign-in, sign-up and password screens.
 * Spec 1 ("Theme") says the authentication screen shows light while mounted; `useLightThemeWhileMounted()`
 * from ui/ does that, left for the Identity issue to switch on (the foundation e2e expects dark on /signin).
 */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-background px-4 py-10 text-text">
      <main id="main" className="flex w-full max-w-md flex-col gap-6">
        <Brand className="self-center" />
        <Card className="p-6 sm:p-8">
          <Outlet />
        </Card>
      </main>
    </div>
  );
}
