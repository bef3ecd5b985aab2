import { DriverQueueView } from './driver-queue-view';

/** /driver-queue: Drivers, Owners and Admins (the route guard checks view:driver-queue). */
export function Component() {
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <title>Driver Queue · The Vault</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Driver Queue</h1>
        <p className="mt-1 text-base text-text-muted">
          Delivery orders only. Call dibs, then submit your ETA within 5 minutes to see the address.
        </p>
      </div>
      <DriverQueueView />
    </main>
  );
}
