import { useState, type FormEvent } from 'react';
import type { XapiDelivery, XapiSettings, XapiTestResult } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  Spinner,
  TextField,
  useApiData,
  formatCount,
  useDocumentTitle,
  useStrings,
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminTable, type AdminColumn } from '../../common/AdminListView';
import styles from '../../common/Admin.module.css';
import { CheckboxField } from '../../common/FormControls';
import { formatDateTime } from '../../common/formatDateTime';
import { fieldErrorOf, refusalOf } from '../../common/refusal';
import { consoleStrings, type ConsoleT } from '../../i18n/console/en';

const deliveryColumns = (t: ConsoleT): ReadonlyArray<AdminColumn<XapiDelivery>> => [
  { label: t('integrations.xapi.when'), cell: (d) => formatDateTime(d.at) },
  {
    label: t('integrations.xapi.sent'),
    cell: (d) =>
      d.kind === 'test'
        ? t('integrations.xapi.testStatement')
        : t('integrations.xapi.statements', { count: d.statements, shown: formatCount(d.statements) }),
  },
  {
    label: t('integrations.xapi.result'),
    cell: (d) =>
      t(d.delivered ? 'integrations.xapi.delivered' : 'integrations.xapi.failed', {
        status: d.status === null ? t('integrations.xapi.notReached') : String(d.status),
      }),
  },
  { label: t('integrations.xapi.answer'), cell: (d) => d.answer ?? '' },
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
  const t = useStrings(consoleStrings);
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
    <form aria-label={t('integrations.xapi.lrs')} onSubmit={(e) => void save(e)}>
      <TextField
        label={t('integrations.xapi.endpoint')}
        type="url"
        value={endpoint}
        onChange={(e) => setEndpoint(e.target.value)}
        hint={t('integrations.xapi.endpointHint')}
        error={fieldErrorOf(failure, 'endpoint')}
        required
      />
      <TextField
        label={t('integrations.xapi.key')}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        autoComplete="off"
        error={fieldErrorOf(failure, 'key')}
        required
      />
      <TextField
        label={t('integrations.xapi.secret')}
        type="password"
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        autoComplete="new-password"
        hint={settings?.secretSet ? t('integrations.xapi.secretKept') : undefined}
        error={fieldErrorOf(failure, 'secret')}
        required={!settings?.secretSet}
      />
      <CheckboxField label={t('integrations.xapi.send')} checked={enabled} onChange={setEnabled} />
      {failure ? <Alert tone="danger">{refusalOf(failure, t('integrations.xapi.saveFailed'))}</Alert> : null}
      {saved ? <Alert tone="success">{t('integrations.xapi.saved')}</Alert> : null}
      <Button type="submit" loading={saving}>
        {t('integrations.xapi.save')}
      </Button>
    </form>
  );
}

/** /admin/xapi: the site's learning record store, a test statement, and the log of what was sent. */
export function XapiPage({ client = defaultApi }: { client?: ApiClient }) {
  const t = useStrings(consoleStrings);
  useDocumentTitle(t('integrations.xapi.title'));
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
      setTest({ problem: refusalOf(error, t('integrations.xapi.testFailed')) });
    }
    setTesting(false);
    log.reload();
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('integrations.xapi.title')}</h1>
          <p className={styles.subtitle}>{t('integrations.xapi.subtitle')}</p>
        </div>
      </header>
      {settings.error ? (
        <Alert tone="danger">{t('integrations.xapi.settingsFailed')}</Alert>
      ) : settings.data === undefined ? (
        <Spinner message={t('integrations.xapi.settingsLoading')} />
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
          {t('integrations.xapi.sendTest')}
        </Button>
      </div>
      {test && 'problem' in test ? <Alert tone="danger">{test.problem}</Alert> : null}
      {test && 'delivered' in test ? (
        <Alert tone={test.delivered ? 'success' : 'danger'}>
          {test.delivered
            ? t('integrations.xapi.accepted', { status: String(test.status) })
            : t('integrations.xapi.refused', {
                status: test.status ?? t('integrations.xapi.notReached'),
                answer: test.answer ? `, ${test.answer}` : '',
              })}
        </Alert>
      ) : null}
      <h2 className={styles.statLabel}>{t('integrations.xapi.deliveries')}</h2>
      {log.error ? (
        <Alert tone="danger">{t('integrations.logFailed')}</Alert>
      ) : !log.data ? (
        <Spinner message={t('integrations.deliveriesLoading')} />
      ) : (
        <>
          <p data-testid="xapi-queue">
            {t('integrations.xapi.queue', {
              pending: formatCount(log.data.pending),
              last: formatDateTime(log.data.lastSentAt) || t('integrations.xapi.never'),
            })}
            {log.data.nextRetryAt
              ? t('integrations.xapi.nextRetry', { date: formatDateTime(log.data.nextRetryAt) })
              : ''}
          </p>
          <AdminTable
            columns={deliveryColumns(t)}
            rows={log.data.deliveries}
            rowKey={(d) => `${d.at}-${d.kind}-${d.status}`}
            rowTestId="xapi-delivery"
          />
        </>
      )}
    </section>
  );
}
