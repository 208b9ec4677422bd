import { quotaMessages } from '@penny/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, quotaRefusal } from '../../../api/index.ts';
import { type BrokerageApi, BrokerageLink, type BrokerageState, popupFeatures } from './brokerage-link.ts';

const user = { username: 'ada', firstName: 'Ada', lastName: 'Lovelace' };
const PORTAL = 'http://localhost:3000/sandbox/snaptrade/portal?token=t1';

type FakePopup = { closed: boolean; close: () => void };

function setup(overrides: Partial<BrokerageApi> = {}, options: { userInfo?: typeof user } = {}) {
  const api: BrokerageApi = {
    checkUser: vi.fn(async () => ({ hasSnapTradeCredentials: true })),
    generateUser: vi.fn(async () => ({})),
    getLoginUri: vi.fn(async () => ({ redirectURI: PORTAL })),
    storeConnection: vi.fn(async () => ({})),
    ...overrides,
  };
  const popup: FakePopup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
  };
  const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  const states: BrokerageState[] = [];
  const onSuccess = vi.fn();
  const link = new BrokerageLink({
    user: options.userInfo ?? user,
    api,
    onChange: (state) => states.push(state),
    onSuccess,
    refusal: quotaRefusal,
  });
  const phase = () => link.current.phase;
  return { api, popup, open, states, onSuccess, link, phase };
}

/** Lets awaited promises settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('brokerage link (docs/product/chat.md, "Brokerage link")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates the user when needed, opens the portal after 500 ms, finalizes when it closes', async () => {
    const { api, popup, open, onSuccess, link, phase } = setup({
      checkUser: vi.fn(async () => ({ hasSnapTradeCredentials: false })),
    });
    link.start();
    await settle();
    expect(api.checkUser).toHaveBeenCalledWith(user);
    expect(api.generateUser).toHaveBeenCalledWith(user);
    expect(phase()).toBe('connecting');

    await vi.advanceTimersByTimeAsync(499);
    expect(open).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(open).toHaveBeenCalledWith(PORTAL, 'penny-snaptrade', expect.stringContaining('popup=yes'));

    // The closed-check runs every second.
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(999);
    expect(phase()).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(phase()).toBe('finalizing');

    // 2 s before storing, 1 s before closing.
    await vi.advanceTimersByTimeAsync(1999);
    expect(api.storeConnection).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.storeConnection).toHaveBeenCalledWith(user, undefined);
    await vi.advanceTimersByTimeAsync(999);
    expect(onSuccess).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(phase()).toBe('success');
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('does not create a user who already has credentials', async () => {
    const { api, link } = setup();
    link.start();
    await settle();
    expect(api.generateUser).not.toHaveBeenCalled();
  });

  it('stores the connection the return page reports, from this origin only', async () => {
    const { api, link, phase } = setup();
    link.start();
    await vi.advanceTimersByTimeAsync(500);
    const report = { source: 'penny-snaptrade', status: 'SUCCESS', connection_id: 'auth-42' };
    window.dispatchEvent(new MessageEvent('message', { data: report, origin: 'https://evil.example' }));
    expect(phase()).toBe('connecting');
    window.dispatchEvent(
      new MessageEvent('message', { data: { ...report, source: 'other' }, origin: window.location.origin }),
    );
    expect(phase()).toBe('connecting');
    window.dispatchEvent(new MessageEvent('message', { data: report, origin: window.location.origin }));
    expect(phase()).toBe('finalizing');
    await vi.advanceTimersByTimeAsync(2000);
    expect(api.storeConnection).toHaveBeenCalledWith(user, 'auth-42');
  });

  it('finalizes on "I\'ve finished connecting"', async () => {
    const { api, link, phase } = setup();
    link.start();
    await vi.advanceTimersByTimeAsync(500);
    link.finish();
    expect(phase()).toBe('finalizing');
    await vi.advanceTimersByTimeAsync(3000);
    expect(api.storeConnection).toHaveBeenCalledTimes(1);
    expect(phase()).toBe('success');
  });

  it("reports a portal error as 'Failed to complete connection: {code}', without retrying", async () => {
    const { api, link } = setup();
    link.start();
    await vi.advanceTimersByTimeAsync(500);
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'penny-snaptrade', status: 'ERROR', error_code: '3002', status_code: '500' },
        origin: window.location.origin,
      }),
    );
    await settle();
    expect(link.current).toEqual({ phase: 'error', error: 'Failed to complete connection: 3002', retry: 0 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(api.checkUser).toHaveBeenCalledTimes(1);
  });

  it("says 'Popup was blocked. Please allow popups for this site.' when no window opens", async () => {
    const { open, link } = setup();
    open.mockReturnValue(null);
    link.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(link.current.phase).toBe('error');
    expect(link.current.error).toBe('Popup was blocked. Please allow popups for this site.');
  });

  it('gives up on the portal after 300 s, retrying like any timeout, then shows the timeout', async () => {
    const { api, popup, link } = setup();
    link.start();
    await vi.advanceTimersByTimeAsync(500);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(link.current.phase).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(popup.close).toHaveBeenCalled();
    // 'Connection timeout' contains 'timeout': retried after 2 s, 4 s and 6 s, each waiting 300 s again.
    expect(link.current).toMatchObject({ phase: 'initializing', retry: 1 });
    for (const attempt of [1, 2, 3]) {
      popup.closed = false;
      await vi.advanceTimersByTimeAsync(2000 * attempt + 500 + 300_000);
    }
    expect(api.checkUser).toHaveBeenCalledTimes(4);
    expect(link.current).toEqual({
      phase: 'error',
      error: 'Connection timeout. Please try again.',
      retry: 3,
    });
  });

  it('retries only timeout, network and service-unavailable errors, 2 s × the attempt apart', async () => {
    const checkUser = vi
      .fn<BrokerageApi['checkUser']>()
      .mockRejectedValueOnce(new HttpError(503, 'Service Unavailable'))
      .mockRejectedValueOnce(new TypeError('NetworkError when attempting to fetch resource.'))
      .mockResolvedValue({ hasSnapTradeCredentials: true });
    const { link, phase } = setup({ checkUser });
    link.start();
    await settle();
    expect(checkUser).toHaveBeenCalledTimes(1);
    expect(link.current).toMatchObject({ phase: 'initializing', retry: 1 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(checkUser).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(checkUser).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3999);
    expect(checkUser).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(checkUser).toHaveBeenCalledTimes(3);
    expect(phase()).toBe('connecting');
  });

  it("stops after 3 retries with the step's words", async () => {
    const checkUser = vi
      .fn<BrokerageApi['checkUser']>()
      .mockRejectedValue(new HttpError(503, 'Service Unavailable'));
    const { link } = setup({ checkUser });
    link.start();
    await vi.advanceTimersByTimeAsync(2000 + 4000 + 6000);
    expect(checkUser).toHaveBeenCalledTimes(4);
    expect(link.current).toEqual({ phase: 'error', error: 'Failed to verify account status', retry: 3 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checkUser).toHaveBeenCalledTimes(4);
  });

  it('does not retry other errors', async () => {
    const checkUser = vi
      .fn<BrokerageApi['checkUser']>()
      .mockRejectedValue(new HttpError(500, 'Internal Server Error'));
    const { link } = setup({ checkUser });
    link.start();
    await settle();
    expect(link.current).toEqual({ phase: 'error', error: 'Failed to verify account status', retry: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checkUser).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['generateUser', 'Failed to generate SnapTrade user'],
    ['getLoginUri', 'Failed to generate connection link'],
  ] as const)('words a failing %s as %s', async (step, message) => {
    const { link } = setup({
      checkUser: vi.fn(async () => ({ hasSnapTradeCredentials: false })),
      [step]: vi.fn(async () => {
        throw new HttpError(500, 'Internal Server Error');
      }),
    });
    link.start();
    await settle();
    expect(link.current.error).toBe(message);
  });

  it('says why when the user already has as many brokerage connections as they may link', async () => {
    const refusal = quotaMessages.connections('snaptrade');
    const getLoginUri = vi.fn(async () => {
      throw new HttpError(409, 'Conflict', { error: refusal, code: 'quota:connections' });
    });
    const { link, open } = setup({ getLoginUri });
    link.start();
    await settle();
    expect(link.current).toEqual({ phase: 'error', error: refusal, retry: 0 });
    expect(open).not.toHaveBeenCalled();
  });

  it.each([
    ['', 'Failed to get connection link'],
    ['javascript:alert(1)', 'Invalid connection link'],
    ['not a url', 'Invalid connection link'],
  ])("refuses the login link %j with '%s'", async (redirectURI, message) => {
    const { open, link } = setup({ getLoginUri: vi.fn(async () => ({ redirectURI })) });
    link.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(link.current.error).toBe(message);
    expect(open).not.toHaveBeenCalled();
  });

  it("requires the user's names: 'User information is incomplete'", async () => {
    const { api, link } = setup({}, { userInfo: { ...user, lastName: '' } });
    link.start();
    await settle();
    expect(link.current.error).toBe('User information is incomplete');
    expect(api.checkUser).not.toHaveBeenCalled();
  });

  it("words a failing store as 'Failed to complete connection: ...'", async () => {
    const { link } = setup({
      storeConnection: vi.fn(async () => {
        throw new Error('Account not found');
      }),
    });
    link.start();
    await vi.advanceTimersByTimeAsync(500);
    link.finish();
    await vi.advanceTimersByTimeAsync(2000);
    expect(link.current.error).toBe('Failed to complete connection: Account not found');
  });

  it('Try Again starts over with fresh retries; Cancel closes the popup and stops the clock', async () => {
    const { api, popup, link } = setup();
    link.start();
    await vi.advanceTimersByTimeAsync(500);
    link.cancel();
    expect(popup.close).toHaveBeenCalled();
    expect(link.current.phase).toBe('idle');
    await vi.advanceTimersByTimeAsync(400_000);
    expect(api.storeConnection).not.toHaveBeenCalled();
    expect(api.checkUser).toHaveBeenCalledTimes(1);
    link.start();
    await settle();
    expect(api.checkUser).toHaveBeenCalledTimes(2);
  });

  it('sizes the popup at most 1000 × 800 px and 80% × 85% of the window, centred', () => {
    expect(popupFeatures({ outerWidth: 2000, outerHeight: 1200, screenX: 0, screenY: 0 })).toBe(
      'popup=yes,width=1000,height=800,left=500,top=200',
    );
    expect(popupFeatures({ outerWidth: 1000, outerHeight: 800, screenX: 100, screenY: 50 })).toBe(
      'popup=yes,width=800,height=680,left=200,top=110',
    );
  });
});
