import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogPanel } from './dialog';

// Before Radix's dialog is in (it loads on demand, and never on the server), a dialog renders its trigger with the
// attributes Radix gives it, and nothing of the panel.
describe('a dialog before its code is in', () => {
  const markup = (open: boolean) =>
    renderToStaticMarkup(
      <Dialog.Root open={open} onOpenChange={() => {}}>
        <Dialog.Trigger>
          <button type="button">New Post</button>
        </Dialog.Trigger>
        <DialogPanel title="Create a new post">
          <p>The form</p>
        </DialogPanel>
      </Dialog.Root>,
    );

  it('shows its trigger as the same element, named for a dialog and closed', () => {
    expect(markup(false)).toBe(
      '<button type="button" aria-haspopup="dialog" aria-expanded="false" data-state="closed">New Post</button>',
    );
  });

  it('shows no panel until the code is in, even when open', () => {
    expect(markup(true)).toBe(
      '<button type="button" aria-haspopup="dialog" aria-expanded="true" data-state="open">New Post</button>',
    );
  });

  it('refuses a part outside a Dialog.Root', () => {
    expect(() => renderToStaticMarkup(<DialogPanel title="Alone" />)).toThrow(
      'DialogPanel rendered outside a Dialog.Root.',
    );
  });
});
