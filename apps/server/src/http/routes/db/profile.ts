import { getProfileQuerySchema } from '@penny/contracts';
import { Hono } from 'hono';
import type { Database } from '../../../db/index.ts';
import { readProfile } from '../../../identity/index.ts';
import type { AppEnv } from '../../context.ts';
import { ApiFailure } from '../../errors.ts';
import { assertSameUser } from '../../identity-guard.ts';
import { readQuery } from '../../validate.ts';

/** GET /db/get-profile (and its `fresh=true` variant): the session user's profile, never cached. */
export function profileRoutes(deps: { db: Database }) {
  return new Hono<AppEnv>().get('/get-profile', async (c) => {
    c.header('cache-control', 'no-store');
    const query = readQuery(c, getProfileQuerySchema);
    const user = assertSameUser(c, query);
    const profile = await readProfile(deps.db, user.id);
    if (!profile) throw new ApiFailure(401, 'Authentication required.');
    return c.json({ success: true as const, profile });
  });
}
