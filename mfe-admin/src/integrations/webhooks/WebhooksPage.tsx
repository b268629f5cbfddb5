import { useState, type FormEvent } from 'react';
import {
  DOMAIN_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_DAYS,
  type DomainEventType,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@catalyst/contracts';
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
import { useListAction } from '../../common/useListAction';
import { consoleStrings, type ConsoleT } from '../../i18n/console/en';

/** A secret shown once (on create or rotation), to copy into the receiver. */
function SecretOnce({ secret, message }: { secret: string; message: string }) {
  return (
    <Alert tone="success">
      {message} <code data-testid="webhook-secret">{secret}</code>
    </Alert>
  );
}

/** Add an endpoint: its address, a description and the events it receives. */
function EndpointForm({ client, onAdded }: { client: ApiClient; onAdded: (secret: string) => void }) {
  const t = useStrings(consoleStrings);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<DomainEventType[]>([]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      const created = await client.adminWebhook.create({ body: { url, description, eventTypes: types } });
      setUrl('');
      setDescription('');
      setTypes([]);
      onAdded(created.secret);
    } catch (error) {
      setFailure(error);
    }
    setSaving(false);
  }

  const toggle = (type: DomainEventType, on: boolean) =>
    setTypes((current) => (on ? [...current, type] : current.filter((other) => other !== type)));

  return (
    <form aria-label={t('integrations.webhooks.add')} onSubmit={(e) => void add(e)}>
      <TextField
        label={t('integrations.webhooks.url')}
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        hint={t('integrations.webhooks.urlHint')}
        error={fieldErrorOf(failure, 'url')}
        required
      />
      <TextField
        label={t('integrations.webhooks.description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={fieldErrorOf(failure, 'description')}
      />
      <fieldset>
        <legend>{t('integrations.webhooks.events')}</legend>
        {DOMAIN_EVENT_TYPES.map((type) => (
          <CheckboxField
            key={type}
            label={type}
            checked={types.includes(type)}
            onChange={(on) => toggle(type, on)}
          />
        ))}
      </fieldset>
      {failure ? (
        <Alert tone="danger">{refusalOf(failure, t('integrations.webhooks.addFailed'))}</Alert>
      ) : null}
      <Button type="submit" loading={saving}>
        {t('integrations.webhooks.addButton')}
      </Button>
    </form>
  );
}

const attemptText = (d: WebhookDelivery, t: ConsoleT) => {
  const last = d.attempts[0];
  if (!last) return t('integrations.webhooks.notTried');
  const answer =
    last.statusCode === null
      ? (last.error ?? t('integrations.webhooks.notReached'))
      : String(last.statusCode);
  return t('integrations.webhooks.attempts', {
    answer,
    ms: last.durationMs,
    count: d.attempts.length,
    shown: formatCount(d.attempts.length),
  });
};

/** One endpoint's newest deliveries, each with its last answer and Replay. */
function Deliveries({ endpoint, client }: { endpoint: WebhookEndpoint; client: ApiClient }) {
  const t = useStrings(consoleStrings);
  const log = useApiData(client.adminWebhook.deliveries, { params: { id: endpoint.id } });
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  async function replay(delivery: WebhookDelivery) {
    setNotice(null);
    try {
      await client.adminWebhook.replay({ params: { deliveryId: delivery.id } });
      setNotice({ tone: 'success', text: WEBHOOK_MESSAGES.replayed });
      log.reload();
    } catch (error) {
      setNotice({
        tone: 'danger',
        text: refusalOf(error, t('integrations.webhooks.replayFailed')),
      });
    }
  }

  const columns: ReadonlyArray<AdminColumn<WebhookDelivery>> = [
    { label: t('integrations.webhooks.event'), cell: (d) => d.eventType },
    { label: t('integrations.webhooks.created'), cell: (d) => formatDateTime(d.createdAt), muted: true },
    { label: t('integrations.webhooks.status'), cell: (d) => d.status },
    { label: t('integrations.webhooks.lastAnswer'), cell: (d) => attemptText(d, t) },
    {
      label: t('integrations.webhooks.nextAttempt'),
      cell: (d) => formatDateTime(d.nextAttemptAt) || '—',
      muted: true,
    },
    {
      label: t('integrations.actions'),
      cell: (d) => (
        <Button variant="secondary" onClick={() => void replay(d)}>
          {t('integrations.webhooks.replay')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-label={t('integrations.webhooks.deliveriesTo', { url: endpoint.url })}>
      <h2 className={styles.statLabel}>{t('integrations.webhooks.deliveriesTo', { url: endpoint.url })}</h2>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {log.error ? (
        <Alert tone="danger">{t('integrations.logFailed')}</Alert>
      ) : !log.data ? (
        <Spinner message={t('integrations.deliveriesLoading')} />
      ) : log.data.deliveries.length === 0 ? (
        <p>{t('integrations.webhooks.nothingSent')}</p>
      ) : (
        <AdminTable
          columns={columns}
          rows={log.data.deliveries}
          rowKey={(d) => d.id}
          rowTestId="webhook-delivery"
        />
      )}
    </section>
  );
}

/** /admin/webhooks: endpoints, the events each receives, their signing secrets and the delivery log with Replay. */
export function WebhooksPage({ client = defaultApi }: { client?: ApiClient }) {
  const t = useStrings(consoleStrings);
  useDocumentTitle(t('integrations.webhooks.title'));
  const endpoints = useApiData(client.adminWebhook.list);
  const [secret, setSecret] = useState<{ value: string; message: string } | null>(null);
  const [open, setOpen] = useState<WebhookEndpoint | null>(null);
  const { problem, act } = useListAction(endpoints.reload);

  const columns: ReadonlyArray<AdminColumn<WebhookEndpoint>> = [
    {
      label: t('integrations.webhooks.endpoint'),
      cell: (e) => (
        <>
          {e.url}
          {e.description ? <div className={styles.muted}>{e.description}</div> : null}
        </>
      ),
    },
    { label: t('integrations.webhooks.events'), cell: (e) => e.eventTypes.join(', '), muted: true },
    {
      label: t('integrations.webhooks.state'),
      cell: (e) =>
        e.enabled
          ? e.failingSince
            ? t('integrations.webhooks.failing', { date: formatDateTime(e.failingSince) })
            : t('integrations.webhooks.on')
          : e.disabledReason
            ? t('integrations.webhooks.offBecause', { reason: e.disabledReason })
            : t('integrations.webhooks.off'),
    },
    { label: t('integrations.webhooks.secret'), cell: (e) => `whsec_…${e.secretHint}`, muted: true },
    {
      label: t('integrations.actions'),
      cell: (e) => (
        <div className={styles.toolbar}>
          <Button variant="secondary" onClick={() => setOpen(e)}>
            {t('integrations.webhooks.deliveries')}
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              void act(
                () => client.adminWebhook.update({ params: { id: e.id }, body: { enabled: !e.enabled } }),
                t('integrations.webhooks.changeFailed'),
              )
            }
          >
            {t(e.enabled ? 'integrations.webhooks.turnOff' : 'integrations.webhooks.turnOn')}
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              void act(async () => {
                const rotated = await client.adminWebhook.rotateSecret({ params: { id: e.id } });
                setSecret({ value: rotated.secret, message: WEBHOOK_MESSAGES.rotated });
              }, t('integrations.webhooks.secretFailed'))
            }
          >
            {t('integrations.webhooks.newSecret')}
          </Button>
          <Button
            variant="danger"
            onClick={() =>
              void act(async () => {
                await client.adminWebhook.remove({ params: { id: e.id } });
                if (open?.id === e.id) setOpen(null);
              }, t('integrations.webhooks.deleteFailed'))
            }
          >
            {t('integrations.webhooks.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('integrations.webhooks.title')}</h1>
          <p className={styles.subtitle}>
            {t('integrations.webhooks.subtitle', { days: formatCount(WEBHOOK_RETRY_DAYS) })}
          </p>
        </div>
      </header>
      {secret ? <SecretOnce secret={secret.value} message={secret.message} /> : null}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {endpoints.error ? (
        <Alert tone="danger">{t('integrations.webhooks.loadFailed')}</Alert>
      ) : !endpoints.data ? (
        <Spinner message={t('integrations.webhooks.loading')} />
      ) : endpoints.data.length === 0 ? (
        <p>{t('integrations.webhooks.empty')}</p>
      ) : (
        <AdminTable
          columns={columns}
          rows={endpoints.data}
          rowKey={(e) => e.id}
          rowTestId="webhook-endpoint"
        />
      )}
      {open ? <Deliveries key={open.id} endpoint={open} client={client} /> : null}
      <h2 className={styles.statLabel}>{t('integrations.webhooks.add')}</h2>
      <EndpointForm
        client={client}
        onAdded={(value) => {
          setSecret({ value, message: WEBHOOK_MESSAGES.created });
          endpoints.reload();
        }}
      />
    </section>
  );
}
