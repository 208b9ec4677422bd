import type { PlaidLinkError, PlaidLinkOnExitMetadata, PlaidLinkOnSuccessMetadata } from 'react-plaid-link';

/**
 * What a bank-link widget reports, as react-plaid-link types it: Penny's sandbox stand-in calls the same
 * callbacks with the same shapes, so the flow around it is identical in both modes. Types only: the
 * react-plaid-link module itself loads in live mode alone.
 */
export type BankLinkSuccessMetadata = PlaidLinkOnSuccessMetadata;
export type BankLinkExitMetadata = PlaidLinkOnExitMetadata;
export type BankLinkError = PlaidLinkError;

export type BankLinkWidgetProps = {
  /** The link token from create_link_token. */
  token: string;
  /**
   * Re-link (update mode): the institution to sign in to again. Plaid's Link knows it from the token;
   * the sandbox stand-in skips its picker when the name matches one of its institutions.
   */
  institutionName?: string;
  onSuccess: (publicToken: string, metadata: BankLinkSuccessMetadata) => void;
  /** `error` is null when the user simply left. */
  onExit: (error: BankLinkError | null, metadata: BankLinkExitMetadata) => void;
  /** The widget itself could not start (e.g. Plaid's script did not load). */
  onLoadError: (message: string) => void;
};
