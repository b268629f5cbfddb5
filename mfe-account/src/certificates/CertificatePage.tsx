import { BadgeCheck, Ban, Copy, Download, ExternalLink, SearchX } from '@catalyst/web-kit/icons';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  CERTIFICATE_MESSAGES,
  CREDENTIAL_STATUS_WORDS,
  JWKS_PATH,
  type Certificate,
  type CredentialCheck,
} from '@catalyst/contracts';
import {
  api,
  Button,
  buttonClassName,
  ErrorScreen,
  formatDate,
  isApiRequestError,
  PAGE_DESCRIPTIONS,
  remoteTestId,
  Spinner,
  useApiData,
  useDocumentTitle,
  useSiteConfig,
} from '@catalyst/web-kit';
import { linkedInAddToProfileUrl } from './linkedIn';
import styles from './CertificatePage.module.css';

const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/** The code in the address (/certificates/{code}, the router's decoded rest); anything after it names no certificate. */
const codeOf = (rest: string | undefined) => {
  const parts = (rest ?? '').split('/').filter(Boolean);
  return parts.length === 1 ? parts[0]! : null;
};

/**
 * /certificates/{code}: anyone (no sign-in) checks a certificate: who earned it, for what and when, and
 * whether it is valid or revoked; with its PDF, its address to copy, LinkedIn's add-to-profile form, and the
 * signed credential checkable offline against the issuer's published keys.
 */
export default function CertificatePage() {
  const code = codeOf(useParams()['*']);
  const read = useApiData(api.certificate.get, code ? { params: { code } } : null);
  const certificate = read.data;
  const missing =
    !code || (isApiRequestError(read.error) && (read.error.status === 404 || read.error.status === 400));
  useDocumentTitle(
    certificate
      ? `Certificate: ${certificate.courseTitle}`
      : missing
        ? CERTIFICATE_MESSAGES.notFound
        : 'Certificate',
    PAGE_DESCRIPTIONS.Certificate,
  );

  let body;
  if (missing) {
    // a malformed code says what a code looks like; an unknown one says it is unknown
    const reason =
      code && isApiRequestError(read.error) && read.error.status === 400
        ? CERTIFICATE_MESSAGES.invalidCode
        : `No certificate has the code ${code ?? ''}. Check it against the certificate and try again.`;
    body = <CertificateNotFound reason={reason} />;
  } else if (read.error) {
    body = (
      <ErrorScreen
        title="We couldn't check this certificate"
        message="Try again in a moment."
        onRetry={read.reload}
        retryLabel="Try again"
      />
    );
  } else if (!certificate) {
    body = <Spinner message="Checking the certificate..." />;
  } else {
    body = <CertificateView certificate={certificate} />;
  }
  return (
    <div className={styles.page} data-testid={remoteTestId('account')}>
      {body}
    </div>
  );
}

function CertificateNotFound({ reason }: { reason: string }) {
  return (
    <section className={styles.card} aria-labelledby="certificate-title" data-testid="certificate-not-found">
      <p className={[styles.mark, styles.unknown].join(' ')}>
        <SearchX size={22} aria-hidden="true" focusable="false" /> Unknown code
      </p>
      <h1 id="certificate-title">{CERTIFICATE_MESSAGES.notFound}</h1>
      <p>{reason}</p>
      <Link to="/" className={buttonClassName('secondary', 'sm')}>
        Go to Homepage
      </Link>
    </section>
  );
}

function CertificateView({ certificate }: { certificate: Certificate }) {
  const site = useSiteConfig();
  const valid = certificate.status === 'valid';
  const [copied, setCopied] = useState<string>('');

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(certificate.verifyUrl);
      setCopied('Link copied');
    } catch {
      setCopied(`Couldn't copy the link: copy ${certificate.verifyUrl} by hand`);
    }
  };

  return (
    <article className={styles.card} aria-labelledby="certificate-title" data-testid="certificate">
      {valid ? (
        <p className={[styles.mark, styles.valid].join(' ')} data-testid="certificate-status">
          <BadgeCheck size={24} aria-hidden="true" focusable="false" /> Valid
        </p>
      ) : (
        <div className={styles.revokedBox} data-testid="certificate-status">
          <p className={[styles.mark, styles.revoked].join(' ')}>
            <Ban size={24} aria-hidden="true" focusable="false" /> Revoked
          </p>
          <p>
            {CERTIFICATE_MESSAGES.revoked} on {formatDate(certificate.revokedAt, 'long')}
            {certificate.revokedReason ? `: ${certificate.revokedReason}` : '.'}
          </p>
        </div>
      )}
      <p className={styles.eyebrow}>Certificate of completion</p>
      <h1 id="certificate-title" className={styles.title}>
        {certificate.courseTitle}
      </h1>
      <dl className={styles.facts}>
        <div>
          <dt>Awarded to</dt>
          <dd data-testid="certificate-learner">{certificate.learnerName}</dd>
        </div>
        <div>
          <dt>{certificate.kind === 'path' ? 'Learning path' : 'Course'}</dt>
          <dd>{certificate.courseTitle}</dd>
        </div>
        <div>
          <dt>Creator</dt>
          <dd>{certificate.creatorName}</dd>
        </div>
        <div>
          <dt>Length</dt>
          <dd>{hoursText(certificate.hours)}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>
            <time dateTime={certificate.completedAt}>{formatDate(certificate.completedAt, 'long')}</time>
          </dd>
        </div>
        <div>
          <dt>Issued by</dt>
          <dd>{site.name}</dd>
        </div>
        <div>
          <dt>Certificate code</dt>
          <dd className={styles.code}>{certificate.code}</dd>
        </div>
      </dl>

      <div className={styles.actions}>
        <a className={buttonClassName('primary', 'sm')} href={certificate.pdfUrl} download>
          <Download size={16} aria-hidden="true" focusable="false" /> Download PDF
        </a>
        <Button size="sm" variant="secondary" onClick={() => void copyLink()}>
          <Copy size={16} aria-hidden="true" focusable="false" /> Copy link
        </Button>
        {valid ? (
          <a
            className={buttonClassName('secondary', 'sm')}
            href={linkedInAddToProfileUrl(certificate, site.name)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <ExternalLink size={16} aria-hidden="true" focusable="false" /> Add to LinkedIn profile
          </a>
        ) : null}
      </div>
      <p className={styles.copied} role="status" data-testid="copy-status">
        {copied}
      </p>

      <p className={styles.credential}>
        <a href={certificate.credentialUrl}>Verifiable credential</a>: this certificate as a signed Open
        Badges 3.0 credential (a JWT), which anyone can check without trusting this page against the issuer's
        public keys at <a href={JWKS_PATH}>{JWKS_PATH}</a>. Its revocation status is a signed list it names,
        so a copy kept offline still shows whether it was revoked since.
      </p>
      <CredentialChecker />
    </article>
  );
}

/**
 * Check a kept credential: pasted here, the server verifies its signature against the published keys and
 * reads its bit in the revocation status list it names; a revoked one says so, however valid its signature.
 */
function CredentialChecker() {
  const id = useId();
  const [credential, setCredential] = useState('');
  const [checking, setChecking] = useState(false);
  const [found, setFound] = useState<CredentialCheck | null>(null);
  const [error, setError] = useState<string | null>(null);

  const check = async () => {
    if (checking) return;
    setChecking(true);
    setFound(null);
    setError(null);
    try {
      setFound(await api.credential.verifyCredential({ body: { credential } }));
    } catch (e) {
      setError(
        isApiRequestError(e) && e.status >= 400 && e.status < 500
          ? e.message
          : "We couldn't check the credential. Try again in a moment.",
      );
    } finally {
      setChecking(false);
    }
  };

  return (
    <form
      className={styles.checker}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void check();
      }}
    >
      <h2 id={`${id}-title`} className={styles.checkerTitle}>
        Check a kept credential
      </h2>
      <label htmlFor={`${id}-credential`}>Credential</label>
      <textarea
        id={`${id}-credential`}
        className={styles.checkerInput}
        rows={3}
        spellCheck={false}
        value={credential}
        onChange={(event) => setCredential(event.target.value)}
        placeholder="eyJhbGciOiJFZERTQSIs…"
      />
      <div>
        <Button size="sm" variant="secondary" type="submit" loading={checking} disabled={!credential.trim()}>
          Check credential
        </Button>
      </div>
      <div className={styles.checkerResult} role="status" data-testid="credential-check">
        {found ? (
          <p
            className={[styles.checkResult, found.status === 'revoked' ? styles.revoked : styles.valid].join(
              ' ',
            )}
          >
            <strong>Signature valid</strong> · <strong>{CREDENTIAL_STATUS_WORDS[found.status]}</strong>
            {found.learnerName && found.courseTitle
              ? ` · ${found.courseTitle}, awarded to ${found.learnerName}`
              : null}
          </p>
        ) : null}
        {error ? <p className={[styles.checkResult, styles.revoked].join(' ')}>{error}</p> : null}
      </div>
    </form>
  );
}
