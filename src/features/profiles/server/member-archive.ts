import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Executor } from '~/server/db/client';
import type { UserRow } from '~/server/session';
import type { Storage } from '~/server/storage';
import { countSized, readSections } from './archive-section';
import { ARCHIVE_SECTIONS } from './member-archive-sections';

/**
 * What Download My Data holds (docs/decisions/025): `data.json` with everything the app keeps about one member
 * (its sections are member-archive-sections.ts), and their uploaded files under `files/`.
 */

export const ARCHIVE_FORMAT = 'the-vault-member-data';

/** How much there is to pack: the rows that grow without bound. Large archives are built in the background. */
export async function archiveSize(db: Executor, memberId: string): Promise<number> {
  return countSized(db, ARCHIVE_SECTIONS, memberId);
}

/** The member's data as one JSON document, and the storage keys of their files with the names they get. */
export async function collectMemberData(
  db: Executor,
  member: UserRow,
  at: Date,
): Promise<{ data: Record<string, unknown>; files: { key: string; name: string }[] }> {
  const { data, files } = await readSections(db, ARCHIVE_SECTIONS, member);
  return {
    data: { format: ARCHIVE_FORMAT, formatVersion: 1, exportedAt: at.toISOString(), ...data },
    files,
  };
}

/**
 * Packs the JSON and the files into one zip, reading one file at a time. Pictures and videos are already
 * compressed: they are stored as they are.
 */
export async function packArchive(
  storage: Storage,
  content: { data: Record<string, unknown>; files: { key: string; name: string }[] },
): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  const json = new ZipDeflate('data.json', { level: 6 });
  zip.add(json);
  json.push(strToU8(JSON.stringify(content.data, null, 2)), true);
  for (const file of content.files) {
    const bytes = await storage.get(file.key);
    if (!bytes) continue;
    const entry = new ZipPassThrough(file.name);
    zip.add(entry);
    entry.push(new Uint8Array(bytes), true);
  }
  zip.end();
  if (failure) throw failure;
  return Buffer.concat(chunks);
}
