import { describe, expect, it } from 'vitest';
import { createFairQueue } from './fair-queue.ts';

/** A job that records when it starts and ends, and whether another job was running meanwhile. */
function recorder() {
  const log: string[] = [];
  let running = 0;
  let overlapped = false;
  const job =
    (name: string, work: () => Promise<void> = async () => {}) =>
    async () => {
      running++;
      if (running > 1) overlapped = true;
      log.push(name);
      try {
        await work();
        return name;
      } finally {
        running--;
      }
    };
  return { log, job, overlapped: () => overlapped };
}

/** A promise the test settles itself. */
function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the fair queue in front of the embedded database', () => {
  it('runs one job at a time, the owners with work waiting in turn, each owner’s jobs in order', async () => {
    const queue = createFairQueue();
    const { log, job, overlapped } = recorder();
    const answers = await Promise.all([
      queue.run('a', job('a1')),
      queue.run('a', job('a2')),
      queue.run('a', job('a3')),
      queue.run('b', job('b1')),
      queue.run('c', job('c1')),
      queue.run('c', job('c2')),
    ]);
    expect(log).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3']);
    expect(answers).toEqual(['a1', 'a2', 'a3', 'b1', 'c1', 'c2']);
    expect(overlapped()).toBe(false);
    expect(queue.waiting).toBe(0);
  });

  it('lets a newcomer in after the running job, ahead of an owner’s long backlog', async () => {
    const queue = createFairQueue();
    const { log, job } = recorder();
    const first = deferred();
    const backlog = [
      queue.run(
        'busy',
        job('busy1', () => first.promise),
      ),
      ...Array.from({ length: 20 }, (_, index) => queue.run('busy', job(`busy${index + 2}`))),
    ];
    // The busy owner's first job is running: another user asks now.
    while (log.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const newcomer = queue.run('newcomer', job('newcomer'));
    first.resolve();
    await Promise.all([...backlog, newcomer]);
    expect(log.slice(0, 3)).toEqual(['busy1', 'newcomer', 'busy2']);
    expect(log).toHaveLength(22);
  });

  it('hands each caller its own job’s error and goes on with the other jobs', async () => {
    const queue = createFairQueue();
    const { log, job } = recorder();
    const refused = new Error('relation "nope" does not exist');
    const results = await Promise.allSettled([
      queue.run('a', job('a1')),
      queue.run('a', async () => {
        throw refused;
      }),
      queue.run('b', () => {
        throw new TypeError('thrown before any promise');
      }),
      queue.run('b', job('b2')),
      queue.run('a', job('a3')),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(results[1]).toEqual({ status: 'rejected', reason: refused });
    expect(results[2]).toMatchObject({ status: 'rejected', reason: { name: 'TypeError' } });
    expect(log).toEqual(['a1', 'b2', 'a3']);
    expect(queue.waiting).toBe(0);
  });

  it('loses no job when many owners add work while others run, at any pace', async () => {
    const queue = createFairQueue();
    const { job, overlapped } = recorder();
    const pace = [
      async () => {},
      () => Promise.resolve(),
      () => new Promise<void>((resolve) => setImmediate(resolve)),
      () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
    ];
    const owners = Array.from({ length: 20 }, (_, index) => `user-${index}`);
    // Each owner asks one query after another, as a request's code does, each waiting for the last.
    const asked = await Promise.all(
      owners.map(async (owner, ownerIndex) => {
        const answers: string[] = [];
        for (let step = 0; step < 25; step++) {
          const name = `${owner}:${step}`;
          answers.push(await queue.run(owner, job(name, pace[(ownerIndex + step) % pace.length])));
        }
        return answers;
      }),
    );
    expect(asked).toEqual(owners.map((owner) => Array.from({ length: 25 }, (_, step) => `${owner}:${step}`)));
    expect(overlapped()).toBe(false);
    expect(queue.waiting).toBe(0);
  });

  it('gives the event loop a turn once the jobs in a row have used their slice', async () => {
    // A clock the jobs move: each takes 4 ms of it. With a 10 ms slice the queue yields after three.
    let clock = 0;
    const log: string[] = [];
    const sliced = createFairQueue({ sliceMs: 10, now: () => clock });
    const jobs = Array.from({ length: 6 }, (_, index) =>
      sliced.run(`user-${index}`, async () => {
        clock += 4;
        log.push(`job${index + 1}`);
      }),
    );
    // I/O that became ready while the jobs waited (a new connection, a request's bytes).
    setImmediate(() => log.push('io'));
    await Promise.all(jobs);
    expect(log).toEqual(['job1', 'job2', 'job3', 'io', 'job4', 'job5', 'job6']);

    // With a slice longer than the work, the same jobs run in one go.
    clock = 0;
    log.length = 0;
    const long = createFairQueue({ sliceMs: 1000, now: () => clock });
    const again = Array.from({ length: 6 }, (_, index) =>
      long.run(`user-${index}`, async () => {
        clock += 4;
        log.push(`job${index + 1}`);
      }),
    );
    setImmediate(() => log.push('io'));
    await Promise.all(again);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['job1', 'job2', 'job3', 'job4', 'job5', 'job6', 'io']);
  });
});
