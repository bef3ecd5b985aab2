import { Button } from '~/client/components/ui/button';
import { Dialog, DialogPanel } from '~/client/components/ui/dialog';

/** Where "I am Under 21" sends a visitor: a general search page, away from the site. */
const LEAVE_URL = 'https://www.google.com';

/** The 21+ gate. Blocking: the only ways out are its two buttons. */
export function AgeDialog({ open, onConfirm }: { open: boolean; onConfirm: () => void }) {
  return (
    <Dialog.Root open={open}>
      <DialogPanel
        blocking
        focusDialogOnOpen
        title="Age Verification"
        description="You must be 21 years or older to enter this website. Please confirm your age."
      >
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => window.location.assign(LEAVE_URL)}>
            I am Under 21
          </Button>
          <Button onClick={onConfirm}>I am 21 or Older</Button>
        </div>
      </DialogPanel>
    </Dialog.Root>
  );
}
