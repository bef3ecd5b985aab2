import { describe, expect, it } from 'vitest';
import { formatUsPhone, normaliseUsPhone } from './phone';

describe('US phone numbers', () => {
  it.each([
    '(202) 555-0147',
    '202-555-0147',
    '202.555.0147',
    '2025550147',
    '+1 202 555 0147',
    '1-202-555-0147',
    ' +12025550147 ',
  ])('normalises %s', (input) => {
    expect(normaliseUsPhone(input)).toBe('+12025550147');
  });

  it.each([
    '',
    '555-0147',
    '12345',
    '(102) 555-0147',
    '202-155-0147',
    'call me',
    '+44 20 7946 0958',
    '202555014777',
  ])('refuses %s', (input) => {
    expect(normaliseUsPhone(input)).toBeUndefined();
  });

  it('formats a normalised number for people', () => {
    expect(formatUsPhone('+12025550147')).toBe('(202) 555-0147');
  });
});
