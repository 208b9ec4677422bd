import type { Database } from '../../db/index.ts';
import { homeSummary } from './home-summary.ts';

export { comparedMonths } from './home-summary.ts';

export type HomeService = ReturnType<typeof createHomeService>;

/** The start screen's figures (docs/api.md, "Home summary"): one handler, the acting user first. */
export function createHomeService(deps: { db: Database; today: () => string }) {
  return {
    summary: (userId: string) => homeSummary(deps.db, userId, deps.today()),
  };
}
