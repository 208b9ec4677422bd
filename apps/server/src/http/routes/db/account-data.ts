import { deleteUserRequestSchema } from '@penny/contracts';
import { Hono } from 'hono';
import type { Auth, UserDataService } from '../../../identity/index.ts';
import type { Logger } from '../../../logger.ts';
import type { AppEnv } from '../../context.ts';
import { assertSameUser } from '../../identity-guard.ts';
import { readBody } from '../../validate.ts';

/** POST /db/delete-user-data and POST /db/delete-user-account (spec 1, "Data service"). */
export function accountDataRoutes(deps: { userData: UserDataService; auth: Auth; logger: Logger }) {
  return new Hono<AppEnv>()
    .post('/delete-user-data', async (c) => {
      const input = await readBody(c, deleteUserRequestSchema);
      const user = assertSameUser(c, input);
      await deps.userData.eraseData(user.id);
      return c.json({ success: true as const });
    })
    .post('/delete-user-account', async (c) => {
      const input = await readBody(c, deleteUserRequestSchema);
      const user = assertSameUser(c, input);
      await deps.userData.deleteAccount(user.id);
      // Every session went with the user row (cascade); sign-out now only clears this client's cookie.
      const signOut = await deps.auth.api
        .signOut({ headers: c.req.raw.headers, returnHeaders: true })
        .catch((error: unknown) => {
          deps.logger.warn({ cause: (error as Error)?.name }, 'clearing the session cookie failed');
          return undefined;
        });
      for (const cookie of signOut?.headers.getSetCookie() ?? [])
        c.header('set-cookie', cookie, { append: true });
      return c.json({ success: true as const });
    });
}
