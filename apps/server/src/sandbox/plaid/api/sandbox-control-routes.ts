import { isoFromDay } from '../days.ts';
import { failures } from '../errors.ts';
import { currentVersion, type Scenario } from '../item-data.ts';
import { type PlaidApi, post } from './context.ts';
import { changeItem, itemOf } from './items.ts';
import { schemas } from './schemas.ts';
import { announceItemWebhook, announceSyncUpdates, CONSENT_WARNING_MS } from './webhooks.ts';

/** Plaid's sandbox controls, plus Penny's scenario and clock controls. */
export function registerSandboxControlRoutes(api: PlaidApi): void {
  post(api, '/sandbox/item/reset_login', schemas.accessToken, async (input) => {
    const item = await changeItem(api, input.access_token, (current) => ({
      ...current,
      status: 'login-required',
    }));
    // Plaid tells the client at once, by the item's ERROR webhook.
    announceItemWebhook(api, item, 'ERROR');
    return { reset_login: true };
  });

  post(api, '/sandbox/transactions/create', schemas.transactionsCreate, async (input) => {
    const created = await changeItem(api, input.access_token, (current) => ({
      ...current,
      custom: [
        ...current.custom,
        ...input.transactions.map((entry) => ({
          date_transacted: entry.date_transacted,
          date_posted: entry.date_posted,
          amount: Math.round(entry.amount * 100) / 100,
          description: entry.description,
          iso_currency_code: entry.iso_currency_code ?? 'USD',
        })),
      ],
    }));
    announceSyncUpdates(api, created);
    return {};
  });

  post(api, '/sandbox/item/set_scenario', schemas.setScenario, async (input) => {
    const scenario: Scenario | null = input.scenario;
    await changeItem(api, input.access_token, (current) => ({
      ...current,
      scenario: scenario && {
        name: scenario,
        pages: input.pages ?? 1,
        delayMs: input.delay_ms ?? 15_000,
        syncPagesServed: 0,
      },
    }));
    return {};
  });

  // Plaid's own control: a test webhook for the item, to its webhook URL.
  post(api, '/sandbox/item/fire_webhook', schemas.fireWebhook, async (input) => {
    const item = await itemOf(api, input.access_token);
    if (!item.webhook) throw failures.invalidField('webhook: the item has no webhook URL');
    if (input.webhook_type !== 'ITEM') announceSyncUpdates(api, item, input.webhook_code);
    else if (input.webhook_code !== 'PENDING_EXPIRATION') announceItemWebhook(api, item, input.webhook_code);
    else {
      // The item's consent now ends in a week, as when Plaid sends this warning.
      const expiring = await changeItem(api, input.access_token, (current) => ({
        ...current,
        consentExpiresAt: new Date(api.now().getTime() + CONSENT_WARNING_MS).toISOString(),
      }));
      announceItemWebhook(api, expiring, 'PENDING_EXPIRATION');
    }
    return { webhook_fired: true };
  });

  post(api, '/sandbox/item/advance', schemas.advance, async (input) => {
    const updated = await changeItem(api, input.access_token, (current) => ({
      ...current,
      advancedDays: current.advancedDays + (input.days ?? 1),
    }));
    announceSyncUpdates(api, updated);
    return { today: isoFromDay(currentVersion(updated, api.now()).day) };
  });
}
