import { accountMessages, LINKING } from '@penny/contracts';
import { AlertCircle, Loader2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import {
  type AccountUserInfo,
  createLinkToken,
  HttpError,
  quotaRefusal,
  setAccessToken,
} from '../../../api/index.ts';
import { Button } from '../../../ui/index.ts';
import type { BankLinkError, BankLinkSuccessMetadata } from './plaid-widget.ts';
import { SandboxBankLink } from './sandbox-bank-link.tsx';

// react-plaid-link (and Plaid's CDN script it loads) is only fetched in live mode.
const LivePlaidLink = lazy(() => import('./live-plaid-link.tsx').then((m) => ({ default: m.LivePlaidLink })));

type BankLinkState =
  | { name: 'token' }
  | { name: 'widget'; token: string }
  | { name: 'exchanging' }
  | { name: 'error'; message: string };

export type BankLinkFlowProps = {
  user: AccountUserInfo;
  providers: 'sandbox' | 'live';
  /** The account was linked: the caller closes the popup and refreshes the page. */
  onLinked: (institution: string) => void;
  /** The user left the widget without an error. */
  onCancel: () => void;
  /**
   * Re-link a connection whose login expired: an update-mode token for its item, so the same
   * connection comes back with its data (the institution name lets the sandbox widget skip its picker).
   */
  relink?: { accountName: string; institutionName: string };
};

/**
 * docs/product/chat.md, "Bank link": fetch a link token, open the widget, on success exchange the public
 * token (set_access_token, form fields) and close; leaving with an error reads
 * 'Link process was interrupted'.
 */
export function BankLinkFlow({ user, providers, onLinked, onCancel, relink }: BankLinkFlowProps) {
  const relinkAccount = relink?.accountName;
  const [state, setState] = useState<BankLinkState>({ name: 'token' });
  const [attempt, setAttempt] = useState(0);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt fetches a new token.
  useEffect(() => {
    let cancelled = false;
    setState({ name: 'token' });
    void (async () => {
      try {
        let token: string;
        try {
          token = await createLinkToken(relinkAccount);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          throw new Error(quotaRefusal(error) ?? accountMessages.serverError(error.status));
        }
        if (!cancelled) setState({ name: 'widget', token });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (!cancelled)
          setState({ name: 'error', message: `${accountMessages.plaidInitFailedPrefix}${reason}` });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const onSuccess = useCallback(
    async (publicToken: string, metadata: BankLinkSuccessMetadata) => {
      setState({ name: 'exchanging' });
      const institution = metadata.institution?.name;
      try {
        await setAccessToken({
          public_token: publicToken,
          ...user,
          product_name: institution ?? LINKING.defaultProductName,
        });
      } catch (error) {
        if (!mounted.current) return;
        setState({
          name: 'error',
          message:
            quotaRefusal(error) ??
            (error instanceof HttpError ? accountMessages.exchangeFailed : accountMessages.linkFailed),
        });
        return;
      }
      if (mounted.current) onLinked(institution ?? LINKING.defaultProductName);
    },
    [user, onLinked],
  );

  const onExit = useCallback(
    (error: BankLinkError | null) => {
      if (error) setState({ name: 'error', message: accountMessages.linkInterrupted });
      else onCancel();
    },
    [onCancel],
  );

  const onLoadError = useCallback((message: string) => {
    setState({ name: 'error', message: `${accountMessages.plaidInitFailedPrefix}${message}` });
  }, []);

  if (state.name === 'error') {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="flex items-start gap-2 text-sm text-negative">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {state.message}
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onCancel}>
            {accountMessages.cancel}
          </Button>
          <Button onClick={() => setAttempt((n) => n + 1)}>{accountMessages.tryAgain}</Button>
        </div>
      </div>
    );
  }

  const busyText =
    state.name === 'exchanging'
      ? 'Linking your accounts...'
      : state.name === 'token'
        ? 'Preparing a secure link...'
        : 'Waiting for your bank...';

  return (
    <>
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-text-muted">
        <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        {busyText}
      </p>
      {state.name === 'widget' ? (
        providers === 'live' ? (
          <Suspense fallback={null}>
            <LivePlaidLink
              token={state.token}
              onSuccess={(token, metadata) => void onSuccess(token, metadata)}
              onExit={onExit}
              onLoadError={onLoadError}
            />
          </Suspense>
        ) : (
          <SandboxBankLink
            token={state.token}
            institutionName={relink?.institutionName}
            onSuccess={(token, metadata) => void onSuccess(token, metadata)}
            onExit={onExit}
            onLoadError={onLoadError}
          />
        )
      ) : null}
    </>
  );
}
