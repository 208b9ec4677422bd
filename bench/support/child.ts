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
