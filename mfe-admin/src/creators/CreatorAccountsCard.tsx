import { useId, useState, type FormEvent } from 'react';
import { creatorInvitationBodySchema } from '@catalyst/contracts';
import { Alert, api, Button, Card, isApiRequestError, useApiData, useStrings } from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';
import formStyles from '../common/Form.module.css';
import { formatDateTime } from '../common/formatDateTime';
import { shownFieldMessage } from '../forms/messages';
import { adminStrings } from '../i18n/en';

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : adminStrings.t('creators.failed');

/**
 * The creator form's "Accounts" card: invite an e-mail address to sign in as the creator (a link valid 7 days,
 * once), the pending invitations (revoke) and the linked accounts (unlink: back to a learner).
 */
export function CreatorAccountsCard({ creatorId }: { creatorId: string }) {
  const t = useStrings(adminStrings);
  const id = useId();
  const accounts = useApiData(api.creatorAccount.accounts, { params: { id: creatorId } });
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setNotice(null);
    try {
      await action();
      setNotice({ tone: 'success', text: done });
      accounts.reload();
      return true;
    } catch (error) {
      setNotice({ tone: 'danger', text: messageOf(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function invite(event: FormEvent) {
    event.preventDefault();
    const parsed = creatorInvitationBodySchema.safeParse({ email });
    if (!parsed.success) {
      setNotice({ tone: 'danger', text: shownFieldMessage(parsed.error.issues[0]!.message) });
      return;
    }
    const sent = await run(
      () => api.creatorAccount.invite({ params: { id: creatorId }, body: parsed.data }),
      t('creators.invited', { email: parsed.data.email }),
    );
    if (sent) setEmail('');
  }

  const data = accounts.data;
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className={formStyles.form}>
      <h2 id={`${id}-title`}>{t('creators.accounts')}</h2>
      <p className={styles.muted}>{t('creators.accountsIntro')}</p>
      <form onSubmit={(event) => void invite(event)} noValidate>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-email`}>
            {t('creators.inviteByEmail')}
          </label>
          <input
            id={`${id}-email`}
            className={formStyles.control}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {t('creators.sendInvitation')}
        </Button>
      </form>
      {notice ? (
        <Alert tone={notice.tone} reveal>
          {notice.text}
        </Alert>
      ) : null}
      {accounts.error ? (
        <Alert tone="danger">
          {isApiRequestError(accounts.error) ? accounts.error.message : t('creators.accountsFailed')}
        </Alert>
      ) : null}
      {data ? (
        <>
          <h3>{t('creators.pending')}</h3>
          {data.invitations.length === 0 ? (
            <p className={styles.muted}>{t('creators.noPending')}</p>
          ) : (
            <ul aria-label={t('creators.pending')}>
              {data.invitations.map((invitation) => (
                <li key={invitation.id}>
                  {invitation.email}{' '}
                  <span className={styles.muted}>
                    {t('creators.expires', { date: formatDateTime(invitation.expiresAt) })}
                  </span>{' '}
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    aria-label={t('creators.revokeNamed', { email: invitation.email })}
                    onClick={() =>
                      void run(
                        () =>
                          api.creatorAccount.revoke({
                            params: { id: creatorId, invitationId: invitation.id },
                          }),
                        t('creators.revoked', { email: invitation.email }),
                      )
                    }
                  >
                    {t('creators.revoke')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <h3>{t('creators.linked')}</h3>
          {data.accounts.length === 0 ? (
            <p className={styles.muted}>{t('creators.noLinked')}</p>
          ) : (
            <ul aria-label={t('creators.linked')}>
              {data.accounts.map((account) => (
                <li key={account.userId}>
                  {account.name} ({account.email}){' '}
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    aria-label={t('creators.unlinkNamed', { email: account.email })}
                    onClick={() =>
                      void run(
                        () =>
                          api.creatorAccount.unlink({ params: { id: creatorId, userId: account.userId } }),
                        t('creators.unlinked', { email: account.email }),
                      )
                    }
                  >
                    {t('creators.unlink')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </Card>
  );
}
