import { useMutation } from '@tanstack/react-query';
import { BookOpen, DatabaseBackup } from 'lucide-react';
import { ExportButton, exportToasts } from '~/client/components/ui/export-button';
import { fetchFile, routerClient } from '~/client/lib/api-client';
import { saveFile } from '~/client/lib/save-file';
import { can, type Actor } from '~/shared/permissions';
import type { databaseExportRoutes } from '~/server/export/database-export.routes';
import { SettingsTab } from '~/features/shop/client/settings-tab';
import { SmsSettingsSection } from '~/features/sms/client/sms-settings';

const exportClient = routerClient<typeof databaseExportRoutes>('/admin/export');

/**
 * The Settings tab: the shop's settings, the SMS provider, Export Database (the Owner only) and the guide to
 * installing the app and connecting an SMS provider. Composed here because it shows several features.
 */
export function AdminSettingsTab({ actor }: { actor: Actor }) {
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <SettingsTab />
      <SmsSettingsSection />
      {can(actor, 'export:database') && <ExportDatabase />}
      <SettingsGuide />
    </div>
  );
}

function ExportDatabase() {
  const exportDatabase = useMutation({
    mutationFn: async () => {
      const { blob, filename = 'vault-export.json' } = await fetchFile(exportClient.database.$get());
      saveFile(blob, filename);
      return filename;
    },
    ...exportToasts,
  });
  return (
    <section
      aria-labelledby="export-heading"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <DatabaseBackup className="mt-0.5 size-5 shrink-0 text-text-muted" aria-hidden />
        <div className="flex flex-col gap-1">
          <h3 id="export-heading" className="text-base font-semibold">
            Export Database
          </h3>
          <p className="text-sm text-text-muted">
            One JSON file with members, orders, posts, comments, messages, ratings, the ledger, SMS, the audit
            log and the settings. No passwords, sessions or secrets. It holds members&rsquo; contact details:
            keep it safe. The export is recorded in the audit log.
          </p>
        </div>
      </div>
      <div className="flex justify-end border-t border-border pt-4">
        <ExportButton
          exporting={exportDatabase.isPending}
          onExport={() => exportDatabase.mutate()}
          className="w-full sm:w-auto"
        >
          Export Database (JSON)
        </ExportButton>
      </div>
    </section>
  );
}

function SettingsGuide() {
  const heading = 'text-sm font-semibold text-text';
  return (
    <section
      aria-labelledby="guide-heading"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 text-sm leading-relaxed text-text-muted sm:p-5"
    >
      <div className="flex items-center gap-3">
        <BookOpen className="size-5 shrink-0" aria-hidden />
        <h3 id="guide-heading" className="text-base font-semibold text-text">
          Guide
        </h3>
      </div>
      <div className="flex flex-col gap-1.5">
        <h4 className={heading}>Installing The Vault on a phone</h4>
        <p>
          The Vault is a web app that installs like an app (a PWA). On an iPhone, open it in Safari, tap
          Share, then Add to Home Screen. On Android, open it in Chrome, open the menu and tap Install app (or
          Add to Home screen). It then opens full screen from its own icon, and updates itself when the server
          does.
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <h4 className={heading}>App store wrappers</h4>
        <p>
          To appear in a store, the same web app can be wrapped: a Trusted Web Activity (for example with
          Bubblewrap) for Google Play, or a WebView shell (for example Capacitor) for the App Store. Both
          stores review apps about cannabis closely and refuse apps that facilitate its sale; check their
          current policies before you submit. Installing from the browser needs no store.
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <h4 className={heading}>Connecting an SMS provider</h4>
        <p>
          Without a provider, Mass SMS only writes each message to the server log; nothing leaves the server.
          To send for real, create a Twilio account, get a sending number (or a Messaging Service) and
          register it for business texting as Twilio requires (A2P 10DLC in the US). Enter the Account SID,
          the auth token and the sender above and save. The token is stored encrypted and never shown again.
        </p>
        <p>
          Only members who ticked SMS consent receive messages. A member who replies STOP is unsubscribed by
          the carrier and Twilio; when Twilio reports that, The Vault turns that member&rsquo;s SMS consent
          off. Keep messages short (160 characters) and say who is writing.
        </p>
        <p>
          <strong className="font-semibold text-text">Cannabis and carriers:</strong> in the US and Canada,
          carriers and SMS providers restrict cannabis-related messaging, even where cannabis is legal and
          whatever the wording: such traffic may be filtered, and the number or account suspended. Read your
          provider&rsquo;s acceptable-use policy before sending.
        </p>
      </div>
    </section>
  );
}
