import { historyMessages } from '@penny/contracts';
import { test as base, expect } from './fixtures.ts';
import { linkBankThroughDialogs } from './support/bank.ts';
import { type PennyServer, startPennyServer } from './support/server.ts';
import { signUpAndSignIn, skipPreferencesWizard } from './support/users.ts';

/**
 * A bank's first pull as a newcomer sees it, on a server of its own with the sandbox's default timings
 * (the shared one shortens them): linked, the card says it is fetching the transactions, then that the
 * last 30 days are in, then when it last synced, with the whole history there within a minute. Driven
 * only by the sandbox Plaid's webhooks and Penny's job queue: nobody presses refresh.
 */
const test = base.extend<object, { defaultsServer: PennyServer }>({
  defaultsServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const server = await startPennyServer({});
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ defaultsServer }, use) => use(defaultsServer.url),
});

test('a linked bank shows its first pull: fetching, the first month, then the whole history', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, { firstName: 'Ada', lastName: 'Lovelace' });
  await skipPreferencesWizard(page);
  await page.goto('/Accounts');
  await expect(page.getByText('0 accounts connected')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Connect Account' }).click();
  await linkBankThroughDialogs(page);

  const bankCard = page.getByRole('article', { name: 'First Platypus Bank' });
  const status = bankCard.getByRole('status');
  await expect(status).toHaveText(historyMessages.pending, { timeout: 30_000 });
  // The accounts and balances are there at once; the transactions are what is still on its way.
  await expect(bankCard.getByText(/\$[\d,]+\.\d\d/).first()).toBeVisible();
  await expect(status).toHaveText(historyMessages.recent, { timeout: 30_000 });
  // With the default settings, the whole history within a minute of linking.
  await expect(bankCard.getByText(/^Last synced/)).toBeVisible({ timeout: 60_000 });
  await expect(status).toHaveCount(0);

  // The whole history: the checking account has transactions from more than a year ago.
  await bankCard
    .getByRole('button', { name: /^Transactions of / })
    .first()
    .click();
  const transactions = page.getByRole('dialog', { name: / transactions$/ });
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await transactions.getByLabel('From').fill(day(700));
  await transactions.getByLabel('To').fill(day(400));
  // A count ('42 transactions'), or the first page of a longer list ('100 transactions loaded, more available').
  await expect(transactions.getByText(/^\d[\d,]* transactions?( loaded, more available)?$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(transactions.getByText('No transactions in this period.')).toHaveCount(0);
});
