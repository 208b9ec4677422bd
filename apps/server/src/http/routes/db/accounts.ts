import { dbEndpoints } from '@penny/contracts';
import type { Hono } from 'hono';
import type { DomainServices } from '../../../domain-services.ts';
import type { AppEnv } from '../../context.ts';
import { type EndpointMountOptions, mountEndpoint } from '../../endpoint.ts';
import { assertSameUser } from '../../identity-guard.ts';

/** The database service's linked-account calls (docs/product/chat.md, "Database service"). */
export function mountAccountEndpoints(
  router: Hono<AppEnv>,
  { accounts }: Pick<DomainServices, 'accounts'>,
  mount: EndpointMountOptions,
): void {
  const e = dbEndpoints;

  mountEndpoint(
    router,
    e.getCredentials,
    async (input, c) => ({
      success: true,
      accounts: await accounts.credentials(assertSameUser(c, input).id),
    }),
    mount,
  );

  mountEndpoint(
    router,
    e.storeCredentials,
    async (input, c) => {
      const stored = await accounts.storeWallet(assertSameUser(c, input).id, {
        accountName: input.account_name,
        chain: input.credentials.chain,
        address: input.credentials.account_id,
        privateKey: input.credentials.access_token,
        username: input.credentials.item_id,
        tag: input.credentials.tag,
      });
      return { success: true, account_name: stored.accountName };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.disconnectAccount,
    async (input, c) => {
      await accounts.disconnect(assertSameUser(c, input).id, input.account_name, input.account_type);
      return { success: true };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.refreshAccounts,
    async (input, c) => ({
      success: true,
      syncing: await accounts.refresh(assertSameUser(c, input).id, input.account_name),
    }),
    mount,
  );
}
