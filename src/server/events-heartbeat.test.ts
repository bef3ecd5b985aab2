import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInMember } from '~/app/server/testing/members';
import { sseReader } from '~/app/server/testing/sse';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

// A heartbeat every few milliseconds: an hour of a driver's open queue in well under a second.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { SSE_HEARTBEAT_MS: '2' } });
});
afterAll(() => t.close());

it('keeps a long-open event stream from piling up listeners (no MaxListenersExceededWarning)', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  process.on('warning', onWarning);
  try {
    const { cookie } = await signedInMember(t);
    const response = await t.call('GET', '/api/events', undefined, { Cookie: cookie });
    const stream = sseReader(response);
    await stream.next((m) => m.event === 'ready');
    for (let ping = 0; ping < 40; ping += 1) await stream.next((m) => m.event === 'ping');
    await stream.close();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  expect(warnings).not.toContain('MaxListenersExceededWarning');
});
