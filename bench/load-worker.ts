import autocannon from 'autocannon';
import type { LoadJob, LoadSummary, WorkerReply, WorkerRequest } from './load';

/** The load generator's process: runs one autocannon job per message from bench/load.ts. */
if (!process.send) throw new Error('bench/load-worker.ts runs only as a child process of bench/run.ts');
process.on('message', (message: WorkerRequest) => {
  void runJob(message.job).then(
    (summary) => reply({ id: message.id, summary }),
    (error: unknown) => reply({ id: message.id, error: String(error) }),
  );
});

async function runJob(job: LoadJob): Promise<LoadSummary> {
  const { request } = job;
  const result = await autocannon({
    url: request.url,
    method: request.method as autocannon.Options['method'],
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    // '[<id>]' in a body becomes a fresh id per request (an order's idempotency key, say).
    idReplacement: true,
    duration: job.durationSeconds,
    connections: job.connections,
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function reply(message: WorkerReply): void {
  // Disconnected: the run was interrupted and nobody waits for this answer.
  if (process.connected) process.send?.(message);
}
