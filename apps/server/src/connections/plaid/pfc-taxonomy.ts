import { PFC_TAXONOMY, type PfcDetailed, type PfcPrimary } from '@penny/contracts';

/**
 * Plaid's personal-finance category taxonomy (PFC v1), kept in the contracts (categories.ts) with
 * Penny's own codes so the server and the web share one list. The ledger's category vocabulary
 * (finance/categories.ts) is built on these codes, and the sandbox's generated transactions each carry
 * one of these pairs.
 */
export { PFC_TAXONOMY, type PfcDetailed, type PfcPrimary };

const isPrimary = (key: string): key is PfcPrimary => Object.hasOwn(PFC_TAXONOMY, key);

const PRIMARY_OF_DETAILED = new Map<string, PfcPrimary>(
  Object.keys(PFC_TAXONOMY)
    .filter(isPrimary)
    .flatMap((primary) => PFC_TAXONOMY[primary].map((detailed) => [detailed, primary] as const)),
);

export function primaryOf(detailed: PfcDetailed): PfcPrimary {
  const primary = PRIMARY_OF_DETAILED.get(detailed);
  if (!primary) throw new RangeError(`Not a PFC detailed category: ${detailed}`);
  return primary;
}

export function isPfcPair(primary: string, detailed: string): boolean {
  return PRIMARY_OF_DETAILED.get(detailed) === primary;
}
