import { DriverQueueView } from './driver-queue-view';

/** The admin dashboard's driver-queue tab: every run in flight and what is waiting, without Call Dibs. */
export function DriverQueueTab() {
  return <DriverQueueView staff />;
}
