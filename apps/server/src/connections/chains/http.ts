import { kindOfStatus, providerError, toProviderError } from './errors.ts';

/**
 * GET over fetch with a deadline, for the REST upstreams (Esplora, Etherscan, CoinGecko). A non-2xx
 * status becomes a ProviderError by status; network failures and the deadline by errors.ts.
 */
export async function httpGet(
  url: string,
  options: { service: string; timeoutMs: number; headers?: Record<string, string> },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { headers: options.headers, signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    throw toProviderError(error, options.service);
  }
  if (!response.ok) {
    // Drain the body so the connection can be reused.
    await response.body?.cancel().catch(() => {});
    throw providerError(kindOfStatus(response.status), options.service, String(response.status));
  }
  return response;
}

/** The body as JSON (a deadline can also strike while the body streams in). */
export async function readJson(response: Response, service: string): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    throw toProviderError(error, service);
  }
}

export async function readText(response: Response, service: string): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw toProviderError(error, service);
  }
}
