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
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminTable, type AdminColumn } from '../../common/AdminListView';
import styles from '../../common/Admin.module.css';
import { CheckboxField } from '../../common/FormControls';
import { fieldErrorOf, refusalOf } from '../../common/refusal';
import { useListAction } from '../../common/useListAction';

const listOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

const TOOL_FIELDS: ReadonlyArray<{ key: keyof LtiToolEndpoints; label: string }> = [
  { key: 'loginUrl', label: 'Login initiation URL' },
  { key: 'launchUrl', label: 'Launch (redirect) URL' },
  { key: 'jwksUrl', label: 'Public keyset (JWKS) URL' },
  { key: 'deepLinkingUrl', label: 'Deep linking URL' },
];

/** What the platform's administrator enters of Catalyst. */
function ToolEndpoints({ tool, keyId }: { tool: LtiToolEndpoints; keyId: string }) {
  return (
    <dl data-testid="lti-tool">
      {TOOL_FIELDS.map(({ key, label }) => (
        <div key={key}>
          <dt className={styles.statLabel}>{label}</dt>
          <dd>
            <code>{tool[key]}</code>
          </dd>
        </div>
      ))}
      <div>
        <dt className={styles.statLabel}>Signing key id</dt>
        <dd>
          <code>{keyId}</code>
        </dd>
      </div>
    </dl>
  );
}

/** Registers a platform with the values its registration page gives. */
function PlatformForm({ client, onSaved }: { client: ApiClient; onSaved: () => void }) {
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
    <form aria-label="Register a platform" onSubmit={(e) => void save(e)}>
      {text('name', 'Name')}
      {text('issuer', 'Issuer')}
      {text('clientId', 'Client id')}
      {text('deploymentIds', 'Deployment ids', 'One or more, separated by commas.')}
      {text('authUrl', 'OIDC authentication URL')}
      {text('tokenUrl', 'Access token URL')}
      {text('jwksUrl', 'Keyset (JWKS) URL')}
      {text(
        'frameOrigins',
        'LMS addresses that frame Catalyst',
        "Only where they differ from the issuer's, e.g. your school's own Canvas address.",
        false,
      )}
      <CheckboxField
        label="Link learners to existing accounts by e-mail (only for an LMS you trust to verify addresses)"
        checked={linkByEmail}
        onChange={setLinkByEmail}
      />
      {failure ? (
        <Alert tone="danger">
          {refusalOf(failure, 'The platform could not be registered. Please try again.')}
        </Alert>
      ) : null}
      <Button type="submit" loading={saving}>
        Register platform
      </Button>
    </form>
  );
}

/** /admin/lti: LMS platforms that launch Catalyst as an LTI 1.3 tool, and what each needs of Catalyst. */
export function LtiPage({ client = defaultApi }: { client?: ApiClient }) {
  useDocumentTitle('LTI 1.3');
  const admin = useApiData(client.adminLti.list);
  const { problem, act } = useListAction(admin.reload);

  const columns: ReadonlyArray<AdminColumn<LtiPlatform>> = [
    { label: 'Name', cell: (p) => p.name },
    { label: 'Issuer', cell: (p) => p.issuer },
    { label: 'Client id', cell: (p) => p.clientId },
    { label: 'Deployments', cell: (p) => p.deploymentIds.join(', ') },
    { label: 'Links by e-mail', cell: (p) => (p.linkByEmail ? 'Yes' : 'No') },
    {
      label: 'Actions',
      cell: (p) => (
        <Button
          variant="secondary"
          onClick={() =>
            void act(
              () => client.adminLti.remove({ params: { id: p.id } }),
              'The platform could not be removed.',
            )
          }
        >
          Remove {p.name}
        </Button>
      ),
    },
  ];

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>LTI 1.3</h1>
          <p className={styles.subtitle}>
            Your LMS (Canvas, Moodle, Blackboard…) opens Catalyst&apos;s courses inside its pages for its
            learners, lets instructors pick courses with deep linking, and receives completions and quiz
            scores in its gradebook.
          </p>
        </div>
      </header>
      {admin.error ? (
        <Alert tone="danger">The LTI settings could not be loaded.</Alert>
      ) : !admin.data ? (
        <Spinner message="Loading platforms..." />
      ) : (
        <>
          <h2 className={styles.statLabel}>What your LMS needs</h2>
          <ToolEndpoints tool={admin.data.tool} keyId={admin.data.keyId} />
          <div className={styles.toolbar}>
            <Button
              variant="secondary"
              onClick={() =>
                void act(() => client.adminLti.rotateKey(), 'The key could not be rotated. Please try again.')
              }
            >
              Rotate signing key
            </Button>
          </div>
          {problem ? <Alert tone="danger">{problem}</Alert> : null}
          <h2 className={styles.statLabel}>Platforms</h2>
          <AdminTable
            columns={columns}
            rows={admin.data.platforms}
            rowKey={(p) => p.id}
            rowTestId="lti-platform"
          />
          <h2 className={styles.statLabel}>Register a platform</h2>
          <PlatformForm client={client} onSaved={admin.reload} />
        </>
      )}
    </section>
  );
}
