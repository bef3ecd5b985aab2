import { describe, expect, it } from 'vitest';
import { isReservedName } from './reserved-names';

describe('reserved names', () => {
  it.each([
    'Admin Team',
    'admin team',
    'ADMIN-TEAM',
    'AdminTeam',
    'Admin  Team.',
    'Αdmin Team', // Greek capital alpha
    'Аdmin Tеam', // Cyrillic a and e
    'Ａｄｍｉｎ Ｔｅａｍ', // full-width
    'Adm1n Team',
    'Admln Team',
    'Ádmin Téam',
    'Admin\u200bTeam', // zero-width space
    'Admin',
    'Owner',
    '0wner',
    'Moderator',
    'The Vault',
    'the_vault',
    'THE VAULT!',
    'Vault Team',
    'vault-team',
    'Vаult Tеam', // Cyrillic a and e
    'VAULT TEAM',
  ])('refuses %j', (name) => {
    expect(isReservedName(name)).toBe(true);
  });

  it.each(['Joe Owner', 'Admina Smith', 'Vault Fan', 'Ana Admin Team Lead', 'Morgan', 'The Vaulter', 'Ow'])(
    'allows %j, which only contains or resembles part of one',
    (name) => {
      expect(isReservedName(name)).toBe(false);
    },
  );
});
