import { databaseSetupRequestSchema } from '@penny/contracts';
import { Hono } from 'hono';
import type { Database } from '../../../db/index.ts';
import { tables } from '../../../db/index.ts';
import type { AppEnv } from '../../context.ts';
import { assertSameUser } from '../../identity-guard.ts';
import { readBody } from '../../validate.ts';

/** POST /db/database-setup: the data container made at sign-up, filled with the user's info. */
export function dataContainerRoutes(deps: { db: Database }) {
  return new Hono<AppEnv>().post('/database-setup', async (c) => {
    const input = await readBody(c, databaseSetupRequestSchema);
    if (c.get('principal').kind === 'anonymous') {
      // Called right after sign-up, before the email is confirmed: the server already created the
      // container with the account, and says nothing about whether that user exists.
      return c.json({ success: true, message: 'Your data container will be ready when you sign in.' });
    }
    const user = assertSameUser(c, input);
    const userInfo = {
      username: user.username ?? input.username,
      firstName: input.firstName,
      middleName: input.middleName ?? null,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber ?? null,
      country: input.country ?? null,
      dateOfBirth: input.dateOfBirth ?? null,
      email: user.email,
    };
    await deps.db
      .insert(tables.profile)
      .values({ userId: user.id, userInfo })
      .onConflictDoUpdate({ target: tables.profile.userId, set: { userInfo } });
    return c.json({ success: true, message: 'Data container ready.' });
  });
}
