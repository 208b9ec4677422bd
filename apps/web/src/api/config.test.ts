import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubNetwork, testConfig } from '../testing/fake-network.ts';
import { fetchPublicConfig, loadPublicConfig, resetPublicConfig } from './config.ts';

afterEach(() => resetPublicConfig());

describe('public config', () => {
  it('loads GET /config once, validated, and shares it', async () => {
    const fetchMock = stubNetwork({ session: null });
    const [a, b] = await Promise.all([loadPublicConfig(), loadPublicConfig()]);
    expect(a).toEqual(testConfig);
    expect(b).toBe(a);
    expect(await loadPublicConfig()).toBe(a);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/config');
  });

  it('rejects a config that does not match the contract', async () => {
    stubNetwork({ session: null, config: { ...testConfig, anonToken: '' } });
    await expect(loadPublicConfig()).rejects.toThrow();
  });

  it('throws "HTTP {status}: {statusText}" on a non-OK reply and tries again on the next call', async () => {
    const failing = vi.fn(
      async () => new Response('oops', { status: 503, statusText: 'Service Unavailable' }),
    );
    vi.stubGlobal('fetch', failing);
    await expect(loadPublicConfig()).rejects.toThrow('HTTP 503: Service Unavailable');

    const fetchMock = stubNetwork({ session: null });
    await expect(loadPublicConfig()).resolves.toEqual(testConfig);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('can be fetched from another URL with another fetch', async () => {
    const custom = vi.fn(async () => Response.json(testConfig));
    await expect(fetchPublicConfig({ url: 'https://penny.example/config', fetch: custom })).resolves.toEqual(
      testConfig,
    );
    expect(custom).toHaveBeenCalledWith('https://penny.example/config', expect.any(Object));
  });
});
