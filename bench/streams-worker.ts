import http from 'node:http';

export interface StreamsJob {
  url: string;
  headers: Record<string, string>;
  streams: number;
  heartbeatMs: number;
  watchMs: number;
}

export interface StreamsReport {
  connected: number;
  failed: number;
  openMs: number;
  /** Streams whose longest gap between two messages was over 1.5 heartbeats. */
  late: number;
  longestGapMs: number;
  ended: number;
}

/** Opens `streams` event streams at once (a few hundred at a time), then watches every heartbeat for `watchMs`. */
async function run(job: StreamsJob): Promise<StreamsReport> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const lastSeen: number[] = [];
  const longestGap: number[] = [];
  let watching = false;
  let failed = 0;
  let ended = 0;
  const started = Date.now();

  const open = (index: number) =>
    new Promise<void>((resolve) => {
      const request = http.get(job.url, { agent, headers: { ...job.headers, Accept: 'text/event-stream' } });
      request.on('response', (response) => {
        if (response.statusCode !== 200) {
          failed += 1;
          response.resume();
          return resolve();
        }
        response.setEncoding('utf8');
        response.on('data', () => {
          const now = Date.now();
          if (watching && lastSeen[index] !== undefined) {
            longestGap[index] = Math.max(longestGap[index] ?? 0, now - lastSeen[index]!);
          }
          lastSeen[index] = now;
          resolve();
        });
        response.on('end', () => {
          if (watching) ended += 1;
        });
      });
      request.on('error', () => {
        failed += 1;
        resolve();
      });
    });

  const BATCH = 250;
  for (let first = 0; first < job.streams; first += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, job.streams - first) }, (_, offset) => open(first + offset)),
    );
  }
  const openMs = Date.now() - started;
  process.send!({ open: true });

  // From here every gap counts: each stream's clock starts now.
  const watchStart = Date.now();
  lastSeen.forEach((_, index) => (lastSeen[index] = watchStart));
  watching = true;
  await new Promise((resolve) => setTimeout(resolve, job.watchMs));
  const now = Date.now();
  lastSeen.forEach((seen, index) => (longestGap[index] = Math.max(longestGap[index] ?? 0, now - seen)));
  const gaps = longestGap.filter((gap) => gap !== undefined);
  return {
    connected: lastSeen.filter((seen) => seen !== undefined).length,
    failed,
    openMs,
    late: gaps.filter((gap) => gap > job.heartbeatMs * 1.5).length,
    longestGapMs: Math.max(0, ...gaps),
    ended,
  };
}

process.once('message', (job: StreamsJob) => {
  void run(job).then((report) => {
    process.send!({ report }, () => process.exit(0));
  });
});
