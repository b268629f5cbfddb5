import { useRef, useState } from 'react';
import { certificatePagePath, type Certificate, type Page } from '@catalyst/contracts';
import { Ban } from '@catalyst/web-kit/icons';
import { api, Badge, formatDate, pageCount, Pager, useStrings } from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';
import { AdminListView } from '../common/AdminListView';
import { SelectField } from '../common/FormControls';
import { ListSearch } from '../common/ListSearch';
import { useAdminList } from '../common/useAdminList';
import { adminStrings } from '../i18n/en';
import own from './Certificates.module.css';
import { RevokeCertificateDialog } from './RevokeCertificateDialog';

/** A certificate as a list row (the admin list keys its rows by `_id`; a certificate's key is its code). */
export type CertificateRow = Certificate & { _id: string };
const asRow = (certificate: Certificate): CertificateRow => ({ ...certificate, _id: certificate.code });
const pickRows = (data: unknown) => (data as Page<Certificate>).items.map(asRow);

export const CERTIFICATES_PAGE_SIZE = 20;
type StatusFilter = '' | 'valid' | 'revoked';
const STATUS_OPTIONS = [
  { value: '', label: 'certificates.all' },
  { value: 'valid', label: 'certificates.valid' },
  { value: 'revoked', label: 'certificates.revoked' },
] as const;

/** /admin/certificates: every certificate, newest first, found by code, learner or course; a valid one can be revoked with a reason. */
export function CertificateListPage() {
  const t = useStrings(adminStrings);
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('');
  const [page, setPage] = useState(1);
  const [toRevoke, setToRevoke] = useState<CertificateRow | null>(null);
  /** The row whose code link takes focus once the dialog closes over a row that lost its Revoke button. */
  const focusAfterDialog = useRef<string | null>(null);

  const list = useAdminList<CertificateRow>({
    read: api.certificate.adminList,
    input: {
      query: {
        search: searchText || undefined,
        status: status || undefined,
        page,
        limit: CERTIFICATES_PAGE_SIZE,
      },
    },
    pick: pickRows,
  });
  const answer = list.data as Page<Certificate> | undefined;
  const filtered = searchText !== '' || status !== '';

  /** Closes the dialog; where the opener is gone (the row now revoked), focus goes to the row's code instead of the page's start. */
  const closeDialog = (stillValid: boolean) => {
    if (toRevoke && !stillValid) focusAfterDialog.current = toRevoke.code;
    setToRevoke(null);
  };

  /** A 409 says the row is stale: read that certificate again (the public answer), else the whole page. */
  const refreshRow = (code: string) =>
    api.certificate
      .get({ params: { code } })
      .then((certificate) => list.replace(asRow(certificate)))
      .catch(list.reload);

  const search = (text: string) => {
    setSearchText(text);
    setPage(1);
  };

  const toolbar = (
    <div className={styles.toolbar}>
      <ListSearch label={t('certificates.title')} fieldLabel={t('certificates.search')} onSearch={search} />
      <SelectField
        label={t('common.status')}
        name="status"
        value={status}
        options={STATUS_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
        onChange={(event) => {
          setStatus(event.target.value as StatusFilter);
          setPage(1);
        }}
      />
    </div>
  );

  const footer = (
    <>
      <Pager label={t('certificates.pages')} page={page} pages={pageCount(answer)} onPage={setPage} />
      <RevokeCertificateDialog
        certificate={toRevoke}
        onCancel={() =>
          closeDialog(list.items.find((row) => row.code === toRevoke?.code)?.status === 'valid')
        }
        onRevoked={(certificate, message) => {
          list.replace(asRow(certificate));
          list.showFlash(message);
          closeDialog(false);
        }}
        onStale={() => toRevoke && void refreshRow(toRevoke.code)}
      />
    </>
  );

  return (
    <AdminListView
      list={list}
      title={t('certificates.title')}
      subtitle={t('certificates.subtitle')}
      loadingMessage={t('certificates.loading')}
      loadFailure={t('certificates.loadFailed')}
      emptyMessage={t(filtered ? 'certificates.noMatch' : 'certificates.empty')}
      toolbar={toolbar}
      footer={footer}
      rowTestId="certificate-row"
      columns={[
        {
          label: t('certificates.code'),
          cell: (certificate) => (
            <a
              ref={(link) => {
                if (link && focusAfterDialog.current === certificate.code) {
                  focusAfterDialog.current = null;
                  link.focus();
                }
              }}
              className={own.code}
              href={certificatePagePath(certificate.code)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('certificates.opensInNewTab', { code: certificate.code })}
            >
              {certificate.code}
            </a>
          ),
        },
        { label: t('certificates.learner'), cell: (certificate) => certificate.learnerName },
        { label: t('certificates.course'), cell: (certificate) => certificate.courseTitle },
        {
          label: t('certificates.issued'),
          cell: (certificate) => formatDate(certificate.issuedAt),
          muted: true,
        },
        {
          label: t('common.status'),
          cell: (certificate) =>
            certificate.status === 'valid' ? (
              <Badge tone="success">{t('certificates.valid')}</Badge>
            ) : (
              <>
                <Badge tone="danger">{t('certificates.revoked')}</Badge>{' '}
                <span className={styles.muted}>
                  {t('certificates.revokedOn', { date: formatDate(certificate.revokedAt) })}
                </span>
                {certificate.revokedReason ? <p className={own.reason}>{certificate.revokedReason}</p> : null}
              </>
            ),
        },
        {
          label: t('common.actions'),
          cell: (certificate) =>
            certificate.status === 'valid' ? (
              <button
                type="button"
                className={`${styles.iconButton} ${styles.danger}`}
                onClick={() => setToRevoke(certificate)}
                aria-label={t('certificates.revokeNamed', {
                  code: certificate.code,
                  learner: certificate.learnerName,
                })}
                aria-haspopup="dialog"
                title={t('certificates.revoke')}
              >
                <Ban size={16} aria-hidden="true" focusable="false" />
                <span>{t('certificates.revoke')}</span>
              </button>
            ) : null,
        },
      ]}
    />
  );
}
