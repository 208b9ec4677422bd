import { useEffect, useRef } from 'react';
import { usePlaidLink } from 'react-plaid-link';
import type { BankLinkWidgetProps } from './plaid-widget.ts';

/** Plaid's own Link (live mode): opens as soon as its script is ready. Its module loads on demand. */
export function LivePlaidLink({ token, onSuccess, onExit, onLoadError }: BankLinkWidgetProps) {
  const { open, ready, error } = usePlaidLink({
    token,
    onSuccess: (publicToken, metadata) => onSuccess(publicToken ?? '', metadata),
    onExit,
  });
  const opened = useRef(false);
  useEffect(() => {
    if (ready && !opened.current) {
      opened.current = true;
      open();
    }
  }, [ready, open]);
  useEffect(() => {
    if (error) onLoadError(error.message || 'the Plaid script could not be loaded');
  }, [error, onLoadError]);
  return null;
}
