// Minimal typings for the parts of autocannon 9 the benches use (the package ships none).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    type Histogram = {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    };
    type RawRequest = {
      path?: string;
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    };
    type Context = Record<string, unknown>;
    type Request = RawRequest & {
      /** Returns the request to send; a falsy value restarts the request sequence. */
      setupRequest?: (request: RawRequest, context: Context) => RawRequest | null | undefined;
      onResponse?: (status: number, body: string, context: Context, headers: Record<string, string>) => void;
    };
    type Options = RawRequest & {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      timeout?: number;
      pipelining?: number;
      title?: string;
      requests?: Request[];
    };
    type Result = {
      title?: string;
      url: string;
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
    };
    type Instance = EventEmitter & Promise<Result> & { stop(): void };
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
