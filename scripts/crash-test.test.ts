import { expect, it } from 'vitest';
import { crashCycles, describeReport } from './crash-test';

// `npm run test:crash` runs 50 cycles per backend; CI runs a few on the embedded database.
it('loses no acknowledged write when the server is killed with SIGKILL mid-stream and restarted at once', async () => {
  const report = await crashCycles({ backend: 'pglite', cycles: 2 });
  console.log(describeReport(report));
  expect(report.acknowledged).toBeGreaterThan(0);
  expect(report.lost).toEqual([]);
  expect(report.restartMs).toHaveLength(2);
}, 600_000);
