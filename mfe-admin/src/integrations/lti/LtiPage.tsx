import { useState, type FormEvent } from 'react';
import type { LtiPlatform, LtiToolEndpoints } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  Spinner,
  TextField,
  useApiData,
  useDocumentTitle,
  useStrings,
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminTable, type AdminColumn } from '../../common/AdminListView';
import styles from '../../common/Admin.module.css';
import { CheckboxField } from '../../common/FormControls';
import { fieldErrorOf, refusalOf } from '../../common/refusal';
import { useListAction } from '../../common/useListAction';
import { consoleStrings } from '../../i18n/console/en';

const listOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

const TOOL_FIELDS = [
  { key: 'loginUrl', label: 'integrations.lti.loginUrl' },
  { key: 'launchUrl', label: 'integrations.lti.launchUrl' },
  { key: 'jwksUrl', label: 'integrations.lti.toolJwksUrl' },
  { key: 'deepLinkingUrl', label: 'integrations.lti.deepLinkingUrl' },
] as const satisfies ReadonlyArray<{ key: keyof LtiToolEndpoints; label: string }>;

/** What the platform's administrator enters of Catalyst. */
function ToolEndpoints({ tool, keyId }: { tool: LtiToolEndpoints; keyId: string }) {
  const t = useStrings(consoleStrings);
  return (
    <dl data-testid="lti-tool">
      {TOOL_FIELDS.map(({ key, label }) => (
        <div key={key}>
          <dt className={styles.statLabel}>{t(label)}</dt>
          <dd>
            <code>{tool[key]}</code>
          </dd>
        </div>
      ))}
      <div>
        <dt className={styles.statLabel}>{t('integrations.lti.keyId')}</dt>
        <dd>
          <code>{keyId}</code>
        </dd>
      </div>
    </dl>
  );
}

/** Registers a platform with the values its registration page gives. */
function PlatformForm({ client, onSaved }: { client: ApiClient; onSaved: () => void }) {
  const t = useStrings(consoleStrings);
  const [fields, setFields] = useState({
    name: '',
    issuer: '',
    clientId: '',
    deploymentIds: '',
    authUrl: '',
    tokenUrl: '',
    jwksUrl: '',
    frameOrigins: '',
  });
  const [linkByEmail, setLinkByEmail] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: e.target.value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      await client.adminLti.create({
        body: {
          ...fields,
          deploymentIds: listOf(fields.deploymentIds),
          frameOrigins: listOf(fields.frameOrigins),
          linkByEmail,
        },
      });
      setFields({
        name: '',
        issuer: '',
        clientId: '',
        deploymentIds: '',
        authUrl: '',
        tokenUrl: '',
        jwksUrl: '',
        frameOrigins: '',
      });
      setLinkByEmail(false);
      onSaved();
    } catch (error) {
      setFailure(error);
    }
    setSaving(false);
  }

  const text = (name: keyof typeof fields, label: string, hint?: string, required = true) => (
    <TextField
      label={label}
      value={fields[name]}
      onChange={set(name)}
      hint={hint}
      error={fieldErrorOf(failure, name)}
      required={required}
      autoComplete="off"
    />
  );
  return (
    <form aria-label={t('integrations.lti.register')} onSubmit={(e) => void save(e)}>
      {text('name', t('integrations.lti.name'))}
      {text('issuer', t('integrations.lti.issuer'))}
      {text('clientId', t('integrations.lti.clientId'))}
      {text('deploymentIds', t('integrations.lti.deploymentIds'), t('integrations.lti.deploymentIdsHint'))}
      {text('authUrl', t('integrations.lti.authUrl'))}
      {text('tokenUrl', t('integrations.lti.tokenUrl'))}
      {text('jwksUrl', t('integrations.lti.jwksUrl'))}
      {text(
        'frameOrigins',
        t('integrations.lti.frameOrigins'),
        t('integrations.lti.frameOriginsHint'),
        false,
      )}
      <CheckboxField
        label={t('integrations.lti.linkByEmail')}
        checked={linkByEmail}
        onChange={setLinkByEmail}
      />
      {failure ? (
        <Alert tone="danger">{refusalOf(failure, t('integrations.lti.registerFailed'))}</Alert>
      ) : null}
      <Button type="submit" loading={saving}>
        {t('integrations.lti.registerButton')}
      </Button>
    </form>
  );
}

/** /admin/lti: LMS platforms that launch Catalyst as an LTI 1.3 tool, and what each needs of Catalyst. */
export function LtiPage({ client = defaultApi }: { client?: ApiClient }) {
  const t = useStrings(consoleStrings);
  useDocumentTitle(t('integrations.lti.title'));
  const admin = useApiData(client.adminLti.list);
  const { problem, act } = useListAction(admin.reload);

  const columns: ReadonlyArray<AdminColumn<LtiPlatform>> = [
    { label: t('integrations.lti.name'), cell: (p) => p.name },
    { label: t('integrations.lti.issuer'), cell: (p) => p.issuer },
    { label: t('integrations.lti.clientId'), cell: (p) => p.clientId },
    { label: t('integrations.lti.deployments'), cell: (p) => p.deploymentIds.join(', ') },
    {
      label: t('integrations.lti.linksByEmail'),
      cell: (p) => t(p.linkByEmail ? 'integrations.lti.yes' : 'integrations.lti.no'),
    },
    {
      label: t('integrations.actions'),
      cell: (p) => (
        <Button
          variant="secondary"
          onClick={() =>
            void act(
              () => client.adminLti.remove({ params: { id: p.id } }),
              t('integrations.lti.removeFailed'),
            )
          }
        >
          {t('integrations.lti.remove', { name: p.name })}
        </Button>
      ),
    },
  ];

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('integrations.lti.title')}</h1>
          <p className={styles.subtitle}>{t('integrations.lti.subtitle')}</p>
        </div>
      </header>
      {admin.error ? (
        <Alert tone="danger">{t('integrations.lti.loadFailed')}</Alert>
      ) : !admin.data ? (
        <Spinner message={t('integrations.lti.loading')} />
      ) : (
        <>
          <h2 className={styles.statLabel}>{t('integrations.lti.needs')}</h2>
          <ToolEndpoints tool={admin.data.tool} keyId={admin.data.keyId} />
          <div className={styles.toolbar}>
            <Button
              variant="secondary"
              onClick={() => void act(() => client.adminLti.rotateKey(), t('integrations.lti.rotateFailed'))}
            >
              {t('integrations.lti.rotate')}
            </Button>
          </div>
          {problem ? <Alert tone="danger">{problem}</Alert> : null}
          <h2 className={styles.statLabel}>{t('integrations.lti.platforms')}</h2>
          <AdminTable
            columns={columns}
            rows={admin.data.platforms}
            rowKey={(p) => p.id}
            rowTestId="lti-platform"
          />
          <h2 className={styles.statLabel}>{t('integrations.lti.register')}</h2>
          <PlatformForm client={client} onSaved={admin.reload} />
        </>
      )}
    </section>
  );
}
