import { useEffect, useState } from 'react';
import { LoadingScreen } from '../../../ui/index.ts';
import { PORTAL_MESSAGE_SOURCE, type PortalReport } from './brokerage-link.ts';

/** The portal's report from the return address's query string. */
export function portalReport(search: string): PortalReport {
  const query = new URLSearchParams(search);
  const raw = query.get('status')?.toUpperCase();
  const status: PortalReport['status'] = raw === 'SUCCESS' || raw === 'ERROR' ? raw : 'ABANDONED';
  return {
    source: PORTAL_MESSAGE_SOURCE,
    status,
    connection_id: query.get('connection_id'),
    error_code: query.get('error_code'),
    status_code: query.get('status_code'),
  };
}

/**
 * The brokerage portal's return page, inside the popup: it tells the Accounts page (its opener, same
 * origin only; or this origin's broadcast channel) how the connection went, then closes itself.
 */
export function SnaptradeCallbackPage() {
  const [orphan, setOrphan] = useState(false);
  useEffect(() => {
    const report = portalReport(window.location.search);
    const opener = window.opener as Window | null;
    if (opener && !opener.closed) opener.postMessage(report, window.location.origin);
    // A portal that cuts the popup from its opener (Cross-Origin-Opener-Policy) still reaches the
    // Accounts page on this origin's broadcast channel.
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(PORTAL_MESSAGE_SOURCE);
      channel.postMessage(report);
      channel.close();
    }
    window.close();
    // Still open: this window was not opened by the app, so it cannot close itself.
    const timer = window.setTimeout(() => setOrphan(true), 1000);
    return () => window.clearTimeout(timer);
  }, []);
  if (orphan) {
    return (
      <main className="flex min-h-dvh items-center justify-center p-6 text-center text-text">
        <title>Brokerage connection · Penny</title>
        <p>You can close this window and return to Penny.</p>
      </main>
    );
  }
  return <LoadingScreen label="Returning to Penny..." />;
}
