import { describe, expect, it } from 'vitest';
import { zipOfAddress } from './delivery-zip';

describe('the ZIP code checkout prefills from the member’s address', () => {
  it('is the address’s last 5-digit group, without a ZIP+4 suffix', () => {
    expect(zipOfAddress('1200 Example Ave NW, Washington, DC 20001')).toBe('20001');
    expect(zipOfAddress('12000 Main St, Hyattsville, MD 20781-1234')).toBe('20781');
  });

  it('is empty when the address has none', () => {
    expect(zipOfAddress('1 Main St NW, Washington, DC')).toBe('');
    expect(zipOfAddress('')).toBe('');
  });
});
