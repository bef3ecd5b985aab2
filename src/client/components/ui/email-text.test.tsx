import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

describe('EmailText', () => {
  it('lets an e-mail wrap only before its @ and after a dot, and reads as the whole address', () => {
    const html = renderToStaticMarkup(<EmailText email="ana.lopez-herrera@mail.example.com" />);
    expect(html).toBe(
      '<span class="[overflow-wrap:anywhere] ">ana.<wbr/>lopez-herrera<wbr/>@mail.<wbr/>example.<wbr/>com</span>',
    );
    expect(html.replace(/<[^>]+>/g, '')).toBe('ana.lopez-herrera@mail.example.com');
  });
});
