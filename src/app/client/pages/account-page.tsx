import { AccountSettingsPage } from '~/features/accounts/client/account-page';
import { PushSection } from '~/features/notifications/client/push-section';

/** /account: the accounts feature's settings with the notifications feature's push section among them. */
export function Component() {
  return <AccountSettingsPage notifications={<PushSection />} />;
}
