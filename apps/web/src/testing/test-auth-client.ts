import { afterAll } from 'vitest';
import { createPennyAuthClient } from '../session/index.ts';

/**
 * Better Auth's session store (nanostores) tears its listeners down 1 s after the last subscriber leaves.
 * Let that happen before the file's DOM environment is torn down, or the late cleanup throws.
 */
const STORE_UNMOUNT_DELAY_MS = 1000;
let created = false;
afterAll(async () => {
  if (created) await new Promise((resolve) => setTimeout(resolve, STORE_UNMOUNT_DELAY_MS + 100));
});

/** A fresh Better Auth client (its own session store) against the stubbed network. */
export function createTestAuthClient() {
  created = true;
  return createPennyAuthClient();
}
