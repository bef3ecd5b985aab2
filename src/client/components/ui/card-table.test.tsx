import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CardTable, CardTableRow } from './card-table';

const html = renderToStaticMarkup(
  <CardTable
    label="Members"
    columns={[
      { title: 'Member', width: 'minmax(15rem,1.5fr)' },
      { title: 'Joined', width: 'auto' },
      { width: 'auto' },
    ]}
    tableFrom="xl"
  >
    {['Ana', 'Ben'].map((name) => (
      <CardTableRow key={name} labelledBy={`${name}-name`}>
        <h3 id={`${name}-name`}>{name}</h3>
        <button type="button">Message</button>
      </CardTableRow>
    ))}
  </CardTable>,
);
const count = (pattern: RegExp) => html.match(new RegExp(pattern, 'g'))?.length ?? 0;

describe('a card table', () => {
  it('renders each entry once, an article named by its heading: the width changes only how it is laid out', () => {
    expect(count(/<ul aria-label="Members"/)).toBe(1);
    expect(
      [...html.matchAll(/<li[^>]*><article aria-labelledby="([^"]+)"/g)].map((match) => match[1]),
    ).toEqual(['Ana-name', 'Ben-name']);
    expect(count(/<button/)).toBe(2);
    expect(count(/<table|role="(table|row|cell)"/)).toBe(0);
  });

  it('has one header row over its columns, seen only, in the grid its column widths make', () => {
    expect(count(/aria-hidden="true"/)).toBe(1);
    expect(html).toMatch(
      /style="--card-table-columns:minmax\(15rem,1.5fr\) auto auto"[^>]*><div aria-hidden="true"[^>]*><span>Member<\/span><span>Joined<\/span><span><\/span><\/div>/,
    );
    expect(html.startsWith('<div class="@container/card-table-xl">')).toBe(true);
  });
});
