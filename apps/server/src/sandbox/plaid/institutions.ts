/** Plaid's sandbox institutions (https://plaid.com/docs/sandbox/institutions/). */
export const SANDBOX_INSTITUTIONS = [
  { institution_id: 'ins_109508', name: 'First Platypus Bank' },
  { institution_id: 'ins_109509', name: 'First Gingham Credit Union' },
  { institution_id: 'ins_109510', name: 'Tattersall Federal Credit Union' },
  { institution_id: 'ins_109511', name: 'Tartan Bank' },
  { institution_id: 'ins_109512', name: 'Houndstooth Bank' },
  { institution_id: 'ins_43', name: 'Tartan-Dominion Bank of Canada' },
  { institution_id: 'ins_117650', name: 'Royal Bank of Plaid' },
  { institution_id: 'ins_127287', name: 'Platypus OAuth Bank' },
  { institution_id: 'ins_130016', name: 'First Platypus Balance Bank' },
] as const satisfies readonly { institution_id: string; name: string }[];

export type SandboxInstitution = (typeof SANDBOX_INSTITUTIONS)[number];

export function findInstitution(institutionId: string): SandboxInstitution | undefined {
  return SANDBOX_INSTITUTIONS.find((institution) => institution.institution_id === institutionId);
}

/**
 * Plaid's sandbox test users. `user_good` and the persona users take `pass_good`;
 * `user_transactions_dynamic` takes any password. The `error_*` passwords trigger the errors they name.
 */
const PASSWORD_USERS = ['user_good', 'user_ewa_user', 'user_yuppie', 'user_small_business'];
const ANY_PASSWORD_USERS = ['user_transactions_dynamic'];

export type LoginOutcome = 'ok' | 'invalid-credentials' | 'login-required';

export function sandboxLogin(username: string, password: string): LoginOutcome {
  if (password === 'error_INVALID_CREDENTIALS') return 'invalid-credentials';
  if (password === 'error_ITEM_LOGIN_REQUIRED') return 'login-required';
  if (ANY_PASSWORD_USERS.includes(username) && password !== '') return 'ok';
  if (PASSWORD_USERS.includes(username) && password === 'pass_good') return 'ok';
  return 'invalid-credentials';
}
