import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** Asks a bench's server process to stop (IPC 'stop'), and kills it if it has not exited after 10 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.send('stop');
  const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timeout);
}

/** A bench server process's first IPC message (its "ready"), or an error naming it if it exits first. */
export async function firstMessage<T>(child: ChildProcess, name: string): Promise<T> {
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => {
      throw new Error(`${name} exited before it was ready`);
    }),
  ])) as [T];
  return message;
}
