import { useState, type FormEvent } from 'react';
import type { XapiDelivery, XapiSettings, XapiTestResult } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  Spinner,
  TextField,
  useApiData,
  useDocumentTitle,
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminTable, type AdminColumn } from '../../common/AdminListView';
import styles from '../../common/Admin.module.css';
import { CheckboxField } from '../../common/FormControls';
import { formatDateTime } from '../../common/formatDateTime';
import { fieldErrorOf, refusalOf } from '../../common/refusal';

const deliveryColumns: ReadonlyArray<AdminColumn<XapiDelivery>> = [
  { label: 'When', cell: (d) => formatDateTime(d.at) },
  { label: 'Sent', cell: (d) => (d.kind === 'test' ? 'Test statement' : `${d.statements} statements`) },
  {
    label: 'Result',
    cell: (d) =>
      `${d.delivered ? 'Delivered' : 'Failed'}${d.status === null ? ' (not reached)' : ` (${d.status})`}`,
  },
  { label: 'LRS answer', cell: (d) => d.answer ?? '' },
];

/** The settings form: the secret is never shown, only whether one is kept (left empty, it stays). */
function SettingsForm({
  settings,
  client,
  onSaved,
}: {
  settings: XapiSettings;
  client: ApiClient;
  onSaved: () => void;
}) {
  const [endpoint, setEndpoint] = useState(settings?.endpoint ?? '');
  const [key, setKey] = useState(settings?.key ?? '');
  const [secret, setSecret] = useState('');
  const [enabled, setEnabled] = useState(settings?.enabled ?? true);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    setSaved(false);
    try {
      await client.xapiAdmin.putSettings({
        body: { endpoint, key, enabled, ...(secret ? { secret } : {}) },
      });
      setSecret('');
      setSaved(true);
      onSaved();
    } catch (error) {
      setFailure(error);
    }
    setSaving(false);
  }

  return (
    <form aria-label="Learning record store" onSubmit={(e) => void save(e)}>
      <TextField
        label="Endpoint"
        type="url"
        value={endpoint}
        onChange={(e) => setEndpoint(e.target.value)}
        hint="The LRS's xAPI address; statements go to its /statements."
        error={fieldErrorOf(failure, 'endpoint')}
        required
      />
      <TextField
        label="Key"
        value={key}
        onChange={(e) => setKey(e.target.value)}
        autoComplete="off"
        error={fieldErrorOf(failure, 'key')}
        required
      />
      <TextField
        label="Secret"
        type="password"
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        autoComplete="new-password"
        hint={settings?.secretSet ? 'A secret is saved: leave this empty to keep it.' : undefined}
        error={fieldErrorOf(failure, 'secret')}
        required={!settings?.secretSet}
      />
      <CheckboxField label="Send statements" checked={enabled} onChange={setEnabled} />
      {failure ? (
        <Alert tone="danger">
          {refusalOf(failure, 'The settings could not be saved. Please try again.')}
        </Alert>
      ) : null}
      {saved ? <Alert tone="success">Saved.</Alert> : null}
      <Button type="submit" loading={saving}>
        Save
      </Button>
    </form>
  );
}

/** /admin/xapi: the site's learning record store, a test statement, and the log of what was sent. */
export function XapiPage({ client = defaultApi }: { client?: ApiClient }) {
  useDocumentTitle('xAPI');
  const settings = useApiData(client.xapiAdmin.getSettings);
  const log = useApiData(client.xapiAdmin.deliveries);
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<XapiTestResult | { problem: string } | null>(null);

  async function sendTest() {
    setTesting(true);
    setTest(null);
    try {
      setTest(await client.xapiAdmin.sendTest());
    } catch (error) {
      setTest({ problem: refusalOf(error, 'The test statement could not be sent. Please try again.') });
    }
    setTesting(false);
    log.reload();
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>xAPI</h1>
          <p className={styles.subtitle}>
            Learners&apos; launches, progress, completions, quiz results and certificates are sent as xAPI
            statements to your learning record store (LRS), each learner named by their account id.
          </p>
        </div>
      </header>
      {settings.error ? (
        <Alert tone="danger">The settings could not be loaded.</Alert>
      ) : settings.data === undefined ? (
        <Spinner message="Loading settings..." />
      ) : (
        <SettingsForm settings={settings.data} client={client} onSaved={settings.reload} />
      )}
      <div className={styles.toolbar}>
        <Button
          variant="secondary"
          loading={testing}
          disabled={!settings.data}
          onClick={() => void sendTest()}
        >
          Send test statement
        </Button>
      </div>
      {test && 'problem' in test ? <Alert tone="danger">{test.problem}</Alert> : null}
      {test && 'delivered' in test ? (
        <Alert tone={test.delivered ? 'success' : 'danger'}>
          {test.delivered
            ? `The LRS accepted the test statement (${test.status}).`
            : `The LRS did not accept the test statement: ${test.status ?? 'not reached'}${test.answer ? `, ${test.answer}` : ''}`}
        </Alert>
      ) : null}
      <h2 className={styles.statLabel}>Deliveries</h2>
      {log.error ? (
        <Alert tone="danger">The delivery log could not be loaded.</Alert>
      ) : !log.data ? (
        <Spinner message="Loading deliveries..." />
      ) : (
        <>
          <p data-testid="xapi-queue">
            {log.data.pending} waiting · last delivered {formatDateTime(log.data.lastSentAt) || 'never'}
            {log.data.nextRetryAt ? ` · next retry ${formatDateTime(log.data.nextRetryAt)}` : ''}
          </p>
          <AdminTable
            columns={deliveryColumns}
            rows={log.data.deliveries}
            rowKey={(d) => `${d.at}-${d.kind}-${d.status}`}
            rowTestId="xapi-delivery"
          />
        </>
      )}
    </section>
  );
}
