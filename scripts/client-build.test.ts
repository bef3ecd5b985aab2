import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientFingerprint } from './client-build';

const made: string[] = [];
afterEach(() => made.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function project(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-build-'));
  made.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const write = (dir: string, file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);

describe('npm start rebuilds the browser app only when its sources changed', () => {
  const files = {
    'src/app/client/main.tsx': 'render()',
    'src/client/lib/session.ts': 'session',
    'src/features/feed/feed.schema.ts': 'schema',
    'src/features/feed/client/feed-page.tsx': 'page',
    'src/features/feed/server/feed.service.ts': 'service',
    'src/app/server/app.ts': 'app',
    'src/app/server/testing/members.ts': 'members',
    'src/client/lib/money.test.ts': 'test',
    'vite.config.ts': 'config',
    'package-lock.json': '{}',
  };

  it('changes with a client file, a shared schema or the build configuration', () => {
    for (const file of [
      'src/app/client/main.tsx',
      'src/client/lib/session.ts',
      'src/features/feed/feed.schema.ts',
      'src/features/feed/client/feed-page.tsx',
      'vite.config.ts',
      'package-lock.json',
    ]) {
      const dir = project(files);
      const before = clientFingerprint(dir);
      write(dir, file, 'changed');
      expect(clientFingerprint(dir), file).not.toBe(before);
    }
  });

  it('stays the same for server code and tests, which the bundle never holds', () => {
    for (const file of [
      'src/features/feed/server/feed.service.ts',
      'src/app/server/app.ts',
      'src/app/server/testing/members.ts',
      'src/client/lib/money.test.ts',
    ]) {
      const dir = project(files);
      const before = clientFingerprint(dir);
      write(dir, file, 'changed');
      expect(clientFingerprint(dir), file).toBe(before);
    }
  });

  it('changes when a client file is added or renamed', () => {
    const dir = project(files);
    const before = clientFingerprint(dir);
    fs.renameSync(path.join(dir, 'src/app/client/main.tsx'), path.join(dir, 'src/app/client/entry.tsx'));
    const renamed = clientFingerprint(dir);
    expect(renamed).not.toBe(before);
    write(dir, 'src/client/extra.ts', '');
    expect(clientFingerprint(dir)).not.toBe(renamed);
  });
});
