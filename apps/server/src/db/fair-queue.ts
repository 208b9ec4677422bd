/**
 * The queue in front of the embedded database's one connection. PGlite runs each query synchronously
 * on the event loop, and one at a time: whatever reaches it first runs first, and everything it runs
 * in a row keeps the server from accepting connections, reading requests and sending answers.
 *
 * - One job at a time, each owner in turn: the owners with work waiting take turns (round robin), an
 *   owner's own jobs run in the order they came, and the owner of the running job goes to the back.
 *   However many queries one user has waiting, another user's next query waits for at most one job
 *   of each owner ahead of it.
 * - A bounded slice of the event loop: jobs run back to back for at most `sliceMs` (the job that
 *   passes it finishes first), then the queue yields to the event loop (`setImmediate`) so that
 *   pending I/O runs before the next job. Node accepts one new connection per event-loop iteration
 *   (libuv 1.45+): with unbounded iterations, a client that connects while 100 users chat waited
 *   seconds to be accepted (docs/decisions/0015-pglite-fair-queue.md).
 *
 * A job that waits for another job of the same queue never ends (the second runs after the first):
 * as with PGlite's own lock, inside a transaction every query must go through the transaction.
 */
export type FairQueue = {
  /** Runs `job` when its owner's turn comes, and answers (or throws) what it does. */
  run<T>(owner: string, job: () => Promise<T>): Promise<T>;
  /** Jobs waiting, not counting the one running. */
  readonly waiting: number;
};

export type FairQueueOptions = {
  /** How long jobs may run back to back before the queue yields to the event loop (default 10 ms). */
  sliceMs?: number;
  /** The clock (tests drive their own). */
  now?: () => number;
  /** Gives the event loop a turn: pending I/O first, then the next job (tests may observe it). */
  yieldToEventLoop?: () => Promise<void>;
};

type Entry = {
  job: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export const DEFAULT_SLICE_MS = 10;

export function createFairQueue(options: FairQueueOptions = {}): FairQueue {
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  const now = options.now ?? (() => performance.now());
  const yieldToEventLoop =
    options.yieldToEventLoop ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  // Owners with jobs waiting, in the order of their turns: the next turn is the first key's. The owner
  // of the running job is out of it until the job ends, then goes to the back with what is left.
  const owners = new Map<string, Entry[]>();
  let running: { owner: string; rest: Entry[] } | undefined;
  let waiting = 0;
  let draining = false;

  function take(): Entry | undefined {
    for (const [owner, jobs] of owners) {
      owners.delete(owner);
      const entry = jobs.shift();
      if (!entry) continue;
      waiting--;
      running = { owner, rest: jobs };
      return entry;
    }
    return undefined;
  }

  function finish() {
    if (running && running.rest.length > 0) owners.set(running.owner, running.rest);
    running = undefined;
  }

  async function drain() {
    // The first job waits for one event-loop turn too: the jobs that arrive meanwhile take their turns.
    await yieldToEventLoop();
    let sliceStart = now();
    for (let entry = take(); entry; entry = take()) {
      try {
        entry.resolve(await entry.job());
      } catch (error) {
        entry.reject(error);
      }
      finish();
      if (waiting > 0 && now() - sliceStart >= sliceMs) {
        await yieldToEventLoop();
        sliceStart = now();
      }
    }
    draining = false;
  }

  return {
    run<T>(owner: string, job: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const entry: Entry = { job, resolve: resolve as (value: unknown) => void, reject };
        const jobs = running?.owner === owner ? running.rest : owners.get(owner);
        if (jobs) jobs.push(entry);
        else owners.set(owner, [entry]);
        waiting++;
        if (!draining) {
          draining = true;
          void drain();
        }
      });
    },
    get waiting() {
      return waiting;
    },
  };
}
