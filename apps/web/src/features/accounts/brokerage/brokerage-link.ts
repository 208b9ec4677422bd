import { accountMessages, LINKING } from '@penny/contracts';
import type { AccountUserInfo } from '../../../api/index.ts';

/**
 * docs/product/chat.md, "Brokerage link": initializing (check the user, create one if needed, get the login
 * link), connecting (the portal in a popup), finalizing (after the popup closes, on a report from the
 * portal's return page, or on "I've finished connecting"), success; an error offers Try Again and
 * Cancel. Errors that mention a timeout, the network or an unavailable service are retried up to 3
 * times, 2 s × the attempt number apart. The timings are the required ones (LINKING; docs/product/chat.md,
 * "Linking"); timers are the window's, so tests drive them with fake timers.
 */

export type BrokeragePhase = 'idle' | 'initializing' | 'connecting' | 'finalizing' | 'success' | 'error';

export type BrokerageState = {
  phase: BrokeragePhase;
  /** The error's words (phase 'error'). */
  error: string | null;
  /** Automatic retries made so far in this run (0 to 3). */
  retry: number;
};

/** What the portal's return page posts to its opener (`/connect/snaptrade/callback`). */
export const PORTAL_MESSAGE_SOURCE = 'penny-snaptrade';
export type PortalReport = {
  source: typeof PORTAL_MESSAGE_SOURCE;
  status: 'SUCCESS' | 'ERROR' | 'ABANDONED';
  connection_id?: string | null;
  error_code?: string | null;
  status_code?: string | null;
};

export type BrokerageApi = {
  checkUser: (user: AccountUserInfo) => Promise<{ hasSnapTradeCredentials: boolean }>;
  generateUser: (user: AccountUserInfo) => Promise<unknown>;
  getLoginUri: (user: AccountUserInfo) => Promise<{ redirectURI: string }>;
  storeConnection: (user: AccountUserInfo, connectionId?: string) => Promise<unknown>;
};

export type BrokerageLinkOptions = {
  user: AccountUserInfo;
  api: BrokerageApi;
  onChange: (state: BrokerageState) => void;
  /** Linked: the caller closes the popup and refreshes. */
  onSuccess: () => void;
  /** Why storing the connection failed, from the server's own sentence when it gave one. */
  describe?: (error: unknown) => string | undefined;
  /**
   * A refusal the user can act on (a quota: docs/api.md, "Quotas"), shown in the server's words instead
   * of the step's.
   */
  refusal?: (error: unknown) => string | undefined;
  win?: Window;
};

/**
 * An error of one step, in the required words (docs/product/chat.md, "Brokerage link errors"), and whether it
 * is retried ("Brokerage link").
 */
class StepError extends Error {
  override name = 'StepError';
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

const RETRYABLE = /timeout|network|service unavailable/i;

/**
 * The required rule (docs/product/chat.md, "Brokerage link"): only errors whose words contain timeout,
 * network or service unavailable.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof StepError) return error.retryable;
  return error instanceof Error && RETRYABLE.test(error.message);
}

/**
 * The popup's size and place (at most 1000 × 800 px, 80% × 85% of the window, centred: docs/product/chat.md,
 * "Linking").
 */
export function popupFeatures(
  win: Pick<Window, 'outerWidth' | 'outerHeight' | 'screenX' | 'screenY'>,
): string {
  const width = Math.round(Math.min(LINKING.popupMaxWidth, win.outerWidth * LINKING.popupMaxWidthShare));
  const height = Math.round(Math.min(LINKING.popupMaxHeight, win.outerHeight * LINKING.popupMaxHeightShare));
  const left = Math.round(win.screenX + (win.outerWidth - width) / 2);
  const top = Math.round(win.screenY + (win.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export class BrokerageLink {
  private state: BrokerageState = { phase: 'idle', error: null, retry: 0 };
  private readonly options: BrokerageLinkOptions;
  private readonly win: Window;
  private popup: Window | null = null;
  private timers = new Set<number>();
  private closedCheck: number | undefined;
  /** Bumped by every start, retry and cancel: a step of an older run stops where it is. */
  private run = 0;
  private readonly onMessage = (event: MessageEvent) => this.receive(event);
  private channel: BroadcastChannel | null = null;

  constructor(options: BrokerageLinkOptions) {
    this.options = options;
    this.win = options.win ?? window;
  }

  get current(): BrokerageState {
    return this.state;
  }

  /** Starts a link (also 'Try Again'): a fresh run with no retries used. */
  start(): void {
    this.cleanUp();
    this.set({ phase: 'initializing', error: null, retry: 0 });
    void this.initialize(++this.run);
  }

  /** "I've finished connecting". */
  finish(): void {
    if (this.state.phase === 'connecting') void this.finalize(this.run, undefined);
  }

  /** Cancel: closes the popup and stops every timer. */
  cancel(): void {
    this.run++;
    this.cleanUp();
    this.set({ phase: 'idle', error: null, retry: 0 });
  }

  dispose(): void {
    this.run++;
    this.cleanUp();
  }

  private set(next: BrokerageState): void {
    this.state = next;
    this.options.onChange(next);
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const id = this.win.setTimeout(() => {
        this.timers.delete(id);
        resolve();
      }, ms);
      this.timers.add(id);
    });
  }

  private cleanUp(): void {
    for (const id of this.timers) this.win.clearTimeout(id);
    this.timers.clear();
    if (this.closedCheck !== undefined) this.win.clearInterval(this.closedCheck);
    this.closedCheck = undefined;
    this.stopListening();
    if (this.popup && !this.popup.closed) this.popup.close();
    this.popup = null;
  }

  private async step<T>(call: () => Promise<T>, message: string): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw new StepError(this.options.refusal?.(error) ?? message, isRetryable(error));
    }
  }

  private async initialize(run: number): Promise<void> {
    const { user, api } = this.options;
    try {
      if (!user.username || !user.firstName || !user.lastName) {
        throw new StepError(accountMessages.userInfoIncomplete, false);
      }
      const check = await this.step(() => api.checkUser(user), accountMessages.verifyFailed);
      if (run !== this.run) return;
      if (!check.hasSnapTradeCredentials) {
        await this.step(() => api.generateUser(user), accountMessages.generateUserFailed);
        if (run !== this.run) return;
      }
      const login = await this.step(() => api.getLoginUri(user), accountMessages.generateLinkFailed);
      if (run !== this.run) return;
      if (!login.redirectURI) throw new StepError(accountMessages.getLinkFailed, false);
      if (!isHttpUrl(login.redirectURI)) throw new StepError(accountMessages.invalidConnectionLink, false);
      await this.connect(run, login.redirectURI);
    } catch (error) {
      await this.fail(run, error);
    }
  }

  private async connect(run: number, url: string): Promise<void> {
    this.set({ ...this.state, phase: 'connecting' });
    this.win.addEventListener('message', this.onMessage);
    if (typeof BroadcastChannel !== 'undefined') {
      // Same origin by construction: the return page broadcasts too, for portals that cut the opener.
      this.channel = new BroadcastChannel(PORTAL_MESSAGE_SOURCE);
      this.channel.onmessage = (event: MessageEvent) => this.report(event.data);
    }
    await this.wait(LINKING.beforeOpenMs);
    if (run !== this.run) return;
    const popup = this.win.open(url, 'penny-snaptrade', popupFeatures(this.win));
    if (!popup) throw new StepError(accountMessages.popupBlocked, false);
    this.popup = popup;
    this.closedCheck = this.win.setInterval(() => {
      if (run === this.run && this.state.phase === 'connecting' && popup.closed) {
        void this.finalize(run, undefined);
      }
    }, LINKING.popupClosedCheckMs);
    const timeout = this.win.setTimeout(() => {
      this.timers.delete(timeout);
      if (run !== this.run || this.state.phase !== 'connecting') return;
      this.stopWatching();
      if (!popup.closed) popup.close();
      void this.fail(run, new StepError(accountMessages.connectionTimeout, true));
    }, LINKING.popupTimeoutMs);
    this.timers.add(timeout);
  }

  private stopWatching(): void {
    if (this.closedCheck !== undefined) this.win.clearInterval(this.closedCheck);
    this.closedCheck = undefined;
    this.stopListening();
    for (const id of this.timers) this.win.clearTimeout(id);
    this.timers.clear();
  }

  private stopListening(): void {
    this.win.removeEventListener('message', this.onMessage);
    this.channel?.close();
    this.channel = null;
  }

  /** Window messages from the portal's return page: from this origin only. */
  private receive(event: MessageEvent): void {
    if (event.origin !== this.win.location.origin) return;
    this.report(event.data);
  }

  /** A report of the return page, in our own shape only. */
  private report(data: unknown): void {
    if (this.state.phase !== 'connecting') return;
    if (!data || typeof data !== 'object' || !('source' in data) || data.source !== PORTAL_MESSAGE_SOURCE)
      return;
    const report = data as PortalReport;
    const run = this.run;
    if (report.status === 'SUCCESS') {
      void this.finalize(run, report.connection_id ?? undefined);
    } else if (report.status === 'ERROR') {
      this.stopWatching();
      const reason = report.error_code || report.status_code || 'the brokerage reported an error';
      void this.fail(run, new StepError(`${accountMessages.completeFailedPrefix}${reason}`, false));
    } else {
      // ABANDONED: the user left the portal; nothing to store.
      this.cancel();
    }
  }

  private async finalize(run: number, connectionId: string | undefined): Promise<void> {
    if (this.state.phase !== 'connecting') return;
    this.stopWatching();
    this.set({ ...this.state, phase: 'finalizing' });
    try {
      await this.wait(LINKING.beforeStoreMs);
      if (run !== this.run) return;
      try {
        await this.options.api.storeConnection(this.options.user, connectionId);
      } catch (error) {
        const reason =
          this.options.describe?.(error) ?? (error instanceof Error ? error.message : String(error));
        throw new StepError(`${accountMessages.completeFailedPrefix}${reason}`, isRetryable(error));
      }
      if (run !== this.run) return;
      await this.wait(LINKING.beforeCloseMs);
      if (run !== this.run) return;
      if (this.popup && !this.popup.closed) this.popup.close();
      this.popup = null;
      this.set({ ...this.state, phase: 'success' });
      this.options.onSuccess();
    } catch (error) {
      await this.fail(run, error);
    }
  }

  private async fail(run: number, error: unknown): Promise<void> {
    if (run !== this.run) return;
    const message = error instanceof Error ? error.message : String(error);
    const retry = this.state.retry;
    if (isRetryable(error) && retry < LINKING.maxRetries) {
      const attempt = retry + 1;
      this.cleanUp();
      this.set({ phase: 'initializing', error: null, retry: attempt });
      await this.wait(LINKING.retryDelayStepMs * attempt);
      if (run !== this.run) return;
      const next = ++this.run;
      this.set({ phase: 'initializing', error: null, retry: attempt });
      await this.initialize(next);
      return;
    }
    this.cleanUp();
    this.set({ phase: 'error', error: message, retry });
  }
}
