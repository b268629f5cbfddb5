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
  useDocumentTitle,
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminTable, type AdminColumn } from '../../common/AdminListView';
import styles from '../../common/Admin.module.css';
import { CheckboxField } from '../../common/FormControls';
import { formatDateTime } from '../../common/formatDateTime';
import { fieldErrorOf, refusalOf } from '../../common/refusal';
import { useListAction } from '../../common/useListAction';

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
    setTypes((current) => (on ? [...current, type] : current.filter((t) => t !== type)));

  return (
    <form aria-label="Add an endpoint" onSubmit={(e) => void add(e)}>
      <TextField
        label="Endpoint URL"
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        hint="Events are POSTed here as JSON, signed with Standard Webhooks headers."
        error={fieldErrorOf(failure, 'url')}
        required
      />
      <TextField
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={fieldErrorOf(failure, 'description')}
      />
      <fieldset>
        <legend>Events</legend>
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
        <Alert tone="danger">
          {refusalOf(failure, 'The endpoint could not be added. Please try again.')}
        </Alert>
      ) : null}
      <Button type="submit" loading={saving}>
        Add endpoint
      </Button>
    </form>
  );
}

const attemptText = (d: WebhookDelivery) => {
  const last = d.attempts[0];
  if (!last) return 'Not tried yet';
  const answer = last.statusCode === null ? (last.error ?? 'Not reached') : String(last.statusCode);
  return `${answer} in ${last.durationMs} ms · ${d.attempts.length} ${d.attempts.length === 1 ? 'attempt' : 'attempts'}`;
};

/** One endpoint's newest deliveries, each with its last answer and Replay. */
function Deliveries({ endpoint, client }: { endpoint: WebhookEndpoint; client: ApiClient }) {
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
        text: refusalOf(error, 'The delivery could not be replayed. Please try again.'),
      });
    }
  }

  const columns: ReadonlyArray<AdminColumn<WebhookDelivery>> = [
    { label: 'Event', cell: (d) => d.eventType },
    { label: 'Created', cell: (d) => formatDateTime(d.createdAt), muted: true },
    { label: 'Status', cell: (d) => d.status },
    { label: 'Last answer', cell: attemptText },
    { label: 'Next attempt', cell: (d) => formatDateTime(d.nextAttemptAt) || '—', muted: true },
    {
      label: 'Actions',
      cell: (d) => (
        <Button variant="secondary" onClick={() => void replay(d)}>
          Replay
        </Button>
      ),
    },
  ];

  return (
    <section aria-label={`Deliveries to ${endpoint.url}`}>
      <h2 className={styles.statLabel}>Deliveries to {endpoint.url}</h2>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {log.error ? (
        <Alert tone="danger">The delivery log could not be loaded.</Alert>
      ) : !log.data ? (
        <Spinner message="Loading deliveries..." />
      ) : log.data.deliveries.length === 0 ? (
        <p>Nothing sent yet.</p>
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
  useDocumentTitle('Webhooks');
  const endpoints = useApiData(client.adminWebhook.list);
  const [secret, setSecret] = useState<{ value: string; message: string } | null>(null);
  const [open, setOpen] = useState<WebhookEndpoint | null>(null);
  const { problem, act } = useListAction(endpoints.reload);

  const columns: ReadonlyArray<AdminColumn<WebhookEndpoint>> = [
    {
      label: 'Endpoint',
      cell: (e) => (
        <>
          {e.url}
          {e.description ? <div className={styles.muted}>{e.description}</div> : null}
        </>
      ),
    },
    { label: 'Events', cell: (e) => e.eventTypes.join(', '), muted: true },
    {
      label: 'State',
      cell: (e) =>
        e.enabled
          ? e.failingSince
            ? `On · failing since ${formatDateTime(e.failingSince)}`
            : 'On'
          : `Off${e.disabledReason ? `: ${e.disabledReason}` : ''}`,
    },
    { label: 'Secret', cell: (e) => `whsec_…${e.secretHint}`, muted: true },
    {
      label: 'Actions',
      cell: (e) => (
        <div className={styles.toolbar}>
          <Button variant="secondary" onClick={() => setOpen(e)}>
            Deliveries
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              void act(
                () => client.adminWebhook.update({ params: { id: e.id }, body: { enabled: !e.enabled } }),
                'The endpoint could not be changed. Please try again.',
              )
            }
          >
            {e.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              void act(async () => {
                const rotated = await client.adminWebhook.rotateSecret({ params: { id: e.id } });
                setSecret({ value: rotated.secret, message: WEBHOOK_MESSAGES.rotated });
              }, 'A new secret could not be made. Please try again.')
            }
          >
            New secret
          </Button>
          <Button
            variant="danger"
            onClick={() =>
              void act(async () => {
                await client.adminWebhook.remove({ params: { id: e.id } });
                if (open?.id === e.id) setOpen(null);
              }, 'The endpoint could not be deleted. Please try again.')
            }
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Webhooks</h1>
          <p className={styles.subtitle}>
            Learners&apos; progress, certificates, subscriptions and team seats are sent to your endpoints as
            they happen, signed with each endpoint&apos;s secret. A failed delivery is retried with growing
            waits for {WEBHOOK_RETRY_DAYS} days; an endpoint that fails for a whole day is turned off and its
            admin told.
          </p>
        </div>
      </header>
      {secret ? <SecretOnce secret={secret.value} message={secret.message} /> : null}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {endpoints.error ? (
        <Alert tone="danger">The endpoints could not be loaded.</Alert>
      ) : !endpoints.data ? (
        <Spinner message="Loading endpoints..." />
      ) : endpoints.data.length === 0 ? (
        <p>No endpoints yet.</p>
      ) : (
        <AdminTable
          columns={columns}
          rows={endpoints.data}
          rowKey={(e) => e.id}
          rowTestId="webhook-endpoint"
        />
      )}
      {open ? <Deliveries key={open.id} endpoint={open} client={client} /> : null}
      <h2 className={styles.statLabel}>Add an endpoint</h2>
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
