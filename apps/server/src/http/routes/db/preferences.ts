import { generatePreferencePromptRequestSchema, saveUserPreferencesRequestSchema } from '@penny/contracts';
import { Hono } from 'hono';
import type { Database } from '../../../db/index.ts';
import { composePreferencePrompt, savePreferences } from '../../../identity/index.ts';
import type { AppEnv } from '../../context.ts';
import { assertSameUser, requireUser } from '../../identity-guard.ts';
import { readBody } from '../../validate.ts';

/** POST /db/save-user-preferences and POST /db/generate-preference-prompt. */
export function preferenceRoutes(deps: { db: Database }) {
  return new Hono<AppEnv>()
    .post('/save-user-preferences', async (c) => {
      const input = await readBody(c, saveUserPreferencesRequestSchema);
      const user = assertSameUser(c, input);
      await savePreferences(deps.db, user.id, input.preferences);
      return c.json({ success: true as const });
    })
    .post('/generate-preference-prompt', async (c) => {
      const input = await readBody(c, generatePreferencePromptRequestSchema);
      // user_info may name the user; it is only ever compared with the session.
      const user = input.user_info.username
        ? assertSameUser(c, { username: input.user_info.username })
        : requireUser(c);
      const prompt = composePreferencePrompt({
        userInfo: { ...input.user_info, firstName: input.user_info.firstName ?? user.firstName ?? null },
        preferences: input.preferences,
        existingPrompt: input.existing_prompt ?? null,
      });
      return c.json({ success: true as const, prompt });
    });
}
