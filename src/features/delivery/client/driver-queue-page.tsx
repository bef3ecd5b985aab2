import { DriverQueueView } from './driver-queue-view';
import { Page, PageHeading } from '~/client/components/ui/page';

/** /driver-queue: Drivers, Owners and Admins (the route guard checks view:driver-queue). */
export function Component() {
  return (
    <Page title="Driver Queue" className="max-w-5xl gap-5">
      <PageHeading description="Delivery orders only. Call dibs, then submit your ETA within 5 minutes to see the address.">
        Driver Queue
      </PageHeading>
      <DriverQueueView />
    </Page>
  );
}
