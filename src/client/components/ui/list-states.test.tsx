import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListItem, ListStates } from './list-states';

const loaded = { isPending: false, isError: false, isFetching: false, refetch: () => {} };

describe('list items', () => {
  it('do not fade in when the list first shows them: they are the page, not insertions', () => {
    const html = renderToStaticMarkup(
      <ListStates query={loaded} empty={false} skeleton="…" errorMessage="x" emptyState="none">
        <ul>
          <ListItem className="p-2">First</ListItem>
          <ListItem>Second</ListItem>
        </ul>
      </ListStates>,
    );
    expect(html).toBe('<ul><li class="p-2">First</li><li>Second</li></ul>');
  });

  it('fade in outside a list that knows what it first showed', () => {
    expect(renderToStaticMarkup(<ListItem className="p-2">Alone</ListItem>)).toBe(
      '<li class="animate-fade-in p-2">Alone</li>',
    );
  });
});
