import { Download, EllipsisVertical, Share } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogPanel } from '~/client/components/ui/dialog';
import { useShopName } from '~/client/lib/shop-name';
import type { InstallPlatform } from './welcome-flags';

/**
 * Add to Home Screen tips for the visitor's device; closed only by Got It! (or by installing the app with the
 * browser's own prompt, `install`, where the browser offers one: useInstallPrompt()).
 */
export function InstallDialog({
  open,
  platform,
  install,
  onDone,
}: {
  open: boolean;
  platform: InstallPlatform;
  install: (() => Promise<boolean>) | undefined;
  onDone: () => void;
}) {
  const shopName = useShopName();
  return (
    <Dialog.Root open={open}>
      <DialogPanel
        blocking
        title="Add to Home Screen"
        description={`Keep ${shopName} one tap away: add it to your home screen and it opens like an app.`}
      >
        <div className="mt-5 space-y-4">
          {platform !== 'android' && (
            <Steps heading="On iPhone, iPad or iPod">
              <li>
                {/* The icon carries its own right margin so the sentence reads with single spaces. */}
                Tap the Share icon{' '}
                <Share className="mr-1 inline size-5 align-text-bottom text-primary" aria-hidden />
                in your browser&apos;s toolbar.
              </li>
              <li>Choose Add to Home Screen.</li>
            </Steps>
          )}
          {platform !== 'ios' && (
            <Steps heading="On Android">
              <li>
                Tap the menu icon{' '}
                <EllipsisVertical className="mr-1 inline size-5 align-text-bottom text-primary" aria-hidden />
                in your browser.
              </li>
              <li>Choose Install app or Add to Home Screen.</li>
            </Steps>
          )}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {install && (
            <Button
              variant="secondary"
              className="w-full sm:w-auto"
              onClick={() => void install().then((accepted) => accepted && onDone())}
            >
              <Download className="size-5" aria-hidden />
              Install app
            </Button>
          )}
          <Button onClick={onDone} className="w-full sm:w-auto">
            Got It!
          </Button>
        </div>
      </DialogPanel>
    </Dialog.Root>
  );
}

function Steps({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-border bg-background/60 p-4">
      <h3 className="text-sm font-semibold text-coin">{heading}</h3>
      <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-base text-text">{children}</ol>
    </section>
  );
}
