import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** One request, repeated by every connection. Plain data: it crosses to the load process. */
export interface LoadRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadJob {
  request: LoadRequest;
  durationSeconds: number;
  connections: number;
}

export interface LoadSummary {
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers outside 2xx: a scenario that measures its own errors shows them here. */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

export type WorkerRequest = { id: number; job: LoadJob };
export type WorkerReply = { id: number; summary: LoadSummary } | { id: number; error: string };

/**
 * autocannon in a child process. In the server's own process it would share the event loop with the server
 * it measures, and its memory would count in the RSS we report.
 */
export class LoadGenerator {
  private readonly child: ChildProcess;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (summary: LoadSummary) => void; reject: (error: Error) => void }
  >();

  constructor() {
    // fork() passes on our execArgv (`--import tsx`), so the worker can be TypeScript too.
    this.child = fork(fileURLToPath(new URL('./load-worker.ts', import.meta.url)), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (reply: WorkerReply) => this.settle(reply));
    this.child.on('exit', (code) => {
      for (const { reject } of this.pending.values()) {
        reject(new Error(`the load generator exited early (code ${code})`));
      }
      this.pending.clear();
    });
  }

  run(job: LoadJob): Promise<LoadSummary> {
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, job } satisfies WorkerRequest);
    });
  }

  /**
   * Closes the IPC channel; an idle worker has nothing else to keep it alive and exits. A busy one (the run
   * was interrupted) is stopped instead of waiting for its job.
   */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    if (this.pending.size > 0) this.child.kill();
    else if (this.child.connected) this.child.disconnect();
    await exited;
  }

  private settle(reply: WorkerReply): void {
    const waiter = this.pending.get(reply.id);
    if (!waiter) return;
    this.pending.delete(reply.id);
    if ('error' in reply) waiter.reject(new Error(reply.error));
    else waiter.resolve(reply.summary);
  }
}
