import { BadgeCheck, Ban, Copy, Download, ExternalLink, SearchX } from '@catalyst/web-kit/icons';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { JWKS_PATH, type Certificate, type CredentialCheck } from '@catalyst/contracts';
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
  useStrings,
  withParts,
} from '@catalyst/web-kit';
import { accountStrings } from '../i18n/en';
import { linkedInAddToProfileUrl } from './linkedIn';
import styles from './CertificatePage.module.css';

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
  const t = useStrings(accountStrings);
  const code = codeOf(useParams()['*']);
  const read = useApiData(api.certificate.get, code ? { params: { code } } : null);
  const certificate = read.data;
  const missing =
    !code || (isApiRequestError(read.error) && (read.error.status === 404 || read.error.status === 400));
  useDocumentTitle(
    certificate
      ? t('certificate.documentTitle', { course: certificate.courseTitle })
      : missing
        ? t('certificate.notFound')
        : t('certificate.documentTitleBare'),
    PAGE_DESCRIPTIONS.Certificate,
  );

  let body;
  if (missing) {
    // a malformed code says what a code looks like; an unknown one says it is unknown
    const reason =
      code && isApiRequestError(read.error) && read.error.status === 400
        ? t('certificate.invalidCode')
        : t('certificate.noCode', { code: code ?? '' });
    body = <CertificateNotFound reason={reason} />;
  } else if (read.error) {
    body = (
      <ErrorScreen
        title={t('certificate.checkFailedTitle')}
        message={t('certificate.checkFailed')}
        onRetry={read.reload}
        retryLabel={t('learning.tryAgain')}
      />
    );
  } else if (!certificate) {
    body = <Spinner message={t('certificate.checking')} />;
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
  const t = useStrings(accountStrings);
  return (
    <section className={styles.card} aria-labelledby="certificate-title" data-testid="certificate-not-found">
      <p className={[styles.mark, styles.unknown].join(' ')}>
        <SearchX size={22} aria-hidden="true" focusable="false" /> {t('certificate.unknownCode')}
      </p>
      <h1 id="certificate-title">{t('certificate.notFound')}</h1>
      <p>{reason}</p>
      <Link to="/" className={buttonClassName('secondary', 'sm')}>
        {t('certificate.home')}
      </Link>
    </section>
  );
}

function CertificateView({ certificate }: { certificate: Certificate }) {
  const t = useStrings(accountStrings);
  const site = useSiteConfig();
  const valid = certificate.status === 'valid';
  const [copied, setCopied] = useState<string>('');

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(certificate.verifyUrl);
      setCopied(t('certificate.copied'));
    } catch {
      setCopied(t('certificate.copyFailed', { url: certificate.verifyUrl }));
    }
  };

  return (
    <article className={styles.card} aria-labelledby="certificate-title" data-testid="certificate">
      {valid ? (
        <p className={[styles.mark, styles.valid].join(' ')} data-testid="certificate-status">
          <BadgeCheck size={24} aria-hidden="true" focusable="false" /> {t('learning.valid')}
        </p>
      ) : (
        <div className={styles.revokedBox} data-testid="certificate-status">
          <p className={[styles.mark, styles.revoked].join(' ')}>
            <Ban size={24} aria-hidden="true" focusable="false" /> {t('learning.revoked')}
          </p>
          <p>
            {certificate.revokedReason
              ? t('certificate.revokedOnFor', {
                  date: formatDate(certificate.revokedAt, 'long'),
                  reason: certificate.revokedReason,
                })
              : t('certificate.revokedOn', { date: formatDate(certificate.revokedAt, 'long') })}
          </p>
        </div>
      )}
      <p className={styles.eyebrow}>{t('certificate.eyebrow')}</p>
      <h1 id="certificate-title" className={styles.title}>
        {certificate.courseTitle}
      </h1>
      <dl className={styles.facts}>
        <div>
          <dt>{t('certificate.awardedTo')}</dt>
          <dd data-testid="certificate-learner">{certificate.learnerName}</dd>
        </div>
        <div>
          <dt>{certificate.kind === 'path' ? t('certificate.path') : t('learning.course')}</dt>
          <dd>{certificate.courseTitle}</dd>
        </div>
        <div>
          <dt>{t('certificate.creator')}</dt>
          <dd>{certificate.creatorName}</dd>
        </div>
        <div>
          <dt>{t('certificate.length')}</dt>
          <dd>{t('certificate.hours', { count: certificate.hours })}</dd>
        </div>
        <div>
          <dt>{t('certificate.completed')}</dt>
          <dd>
            <time dateTime={certificate.completedAt}>{formatDate(certificate.completedAt, 'long')}</time>
          </dd>
        </div>
        <div>
          <dt>{t('certificate.issuedBy')}</dt>
          <dd>{site.name}</dd>
        </div>
        <div>
          <dt>{t('certificate.code')}</dt>
          <dd className={styles.code}>{certificate.code}</dd>
        </div>
      </dl>

      <div className={styles.actions}>
        <a className={buttonClassName('primary', 'sm')} href={certificate.pdfUrl} download>
          <Download size={16} aria-hidden="true" focusable="false" /> {t('certificate.download')}
        </a>
        <Button size="sm" variant="secondary" onClick={() => void copyLink()}>
          <Copy size={16} aria-hidden="true" focusable="false" /> {t('certificate.copy')}
        </Button>
        {valid ? (
          <a
            className={buttonClassName('secondary', 'sm')}
            href={linkedInAddToProfileUrl(certificate, site.name)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <ExternalLink size={16} aria-hidden="true" focusable="false" /> {t('certificate.linkedIn')}
          </a>
        ) : null}
      </div>
      <p className={styles.copied} role="status" data-testid="copy-status">
        {copied}
      </p>

      <p className={styles.credential}>
        {withParts(t('certificate.credential'), {
          link: <a href={certificate.credentialUrl}>{t('certificate.credentialLink')}</a>,
          keys: <a href={JWKS_PATH}>{JWKS_PATH}</a>,
        })}
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
  const t = useStrings(accountStrings);
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
      setError(isApiRequestError(e) && e.status >= 400 && e.status < 500 ? e.message : t('checker.failed'));
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
        {t('checker.title')}
      </h2>
      <label htmlFor={`${id}-credential`}>{t('checker.label')}</label>
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
          {t('checker.button')}
        </Button>
      </div>
      <div className={styles.checkerResult} role="status" data-testid="credential-check">
        {found ? (
          <p
            className={[styles.checkResult, found.status === 'revoked' ? styles.revoked : styles.valid].join(
              ' ',
            )}
          >
            <strong>{t('checker.signatureValid')}</strong> ·{' '}
            <strong>
              {found.status === 'valid'
                ? t('checker.valid')
                : found.status === 'revoked'
                  ? t('checker.revoked')
                  : t('checker.unknown')}
            </strong>
            {found.learnerName && found.courseTitle
              ? ` · ${t('checker.awarded', { course: found.courseTitle, learner: found.learnerName })}`
              : null}
          </p>
        ) : null}
        {error ? <p className={[styles.checkResult, styles.revoked].join(' ')}>{error}</p> : null}
      </div>
    </form>
  );
}
