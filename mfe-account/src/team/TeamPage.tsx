import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { TeamDetail, TeamSummary } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  Card,
  isApiRequestError,
  openAuthDialog,
  session as defaultSession,
  Spinner,
  subscription,
  useApiData,
  useDocumentTitle,
  useSession,
  useStrings,
  type ApiClient,
  type SessionStore,
  type SubscriptionStore,
  formatCount,
} from '@catalyst/web-kit';
import { accountWidgetStrings } from '../i18n/widgets/en';
import { accountStrings } from '../i18n/en';
import { TeamBuyForm } from './TeamBuyForm';
import { TeamManage } from './TeamManage';
import styles from './Team.module.css';

const browserNavigate = (url: string) => globalThis.location.assign(url);

/** The checkout's return (`?session_id=`): the paid checkout confirmed, which creates the team once. */
function Confirming({
  sessionId,
  client,
  onConfirmed,
}: {
  sessionId: string;
  client: ApiClient;
  onConfirmed: (team: TeamDetail) => void;
}) {
  const t = useStrings(accountStrings);
  const [error, setError] = useState<string | null>(null);
  // the page's callback changes with each render; the confirmation is asked once per session id
  const confirmed = useRef(onConfirmed);
  useEffect(() => {
    confirmed.current = onConfirmed;
  });
  useEffect(() => {
    let live = true;
    client.team
      .confirm({ body: { sessionId } })
      .then((team) => live && confirmed.current(team))
      .catch(
        (err: unknown) =>
          live &&
          setError(
            // '' when the server gave no words: the page says it in its language
            isApiRequestError(err) && err.status < 500 ? err.message : '',
          ),
      );
    return () => {
      live = false;
    };
  }, [client, sessionId]);
  if (error !== null) return <Alert tone="danger">{error || t('team.confirmFailed')}</Alert>;
  return <Spinner message={t('gift.confirming')} />;
}

/** What the team plan is, for anyone who has none. */
function Offer({ children }: { children: ReactNode }) {
  const t = useStrings(accountStrings);
  return (
    <Card as="section" className={styles.card} aria-labelledby="team-offer">
      <h1 id="team-offer">{t('team.offerTitle')}</h1>
      <p className={styles.muted}>{t('team.offerText')}</p>
      {children}
    </Card>
  );
}

/** A member's view: the team's name and where their Premium comes from. */
function MemberView({ team }: { team: TeamSummary }) {
  const t = useStrings(accountStrings);
  return (
    <Card as="section" className={styles.card} aria-labelledby="team-title">
      <h1 id="team-title">{team.name}</h1>
      <p>{t('team.memberOf', { team: team.name, owner: team.ownerName })}</p>
      <div>
        <Link to="/browse">{t('subscribed.browse')}</Link>
      </div>
    </Card>
  );
}

/**
 * /team: the team plan's offer and checkout for a person in no team; the checkout's return confirmed; the
 * team for its owner and admins (seats, members, invitations, the owner's audit log); a member's view.
 */
export default function TeamPage({
  client = defaultApi,
  navigate = browserNavigate,
  sessionStore = defaultSession,
  store = subscription,
}: {
  client?: ApiClient;
  navigate?: (url: string) => void;
  sessionStore?: SessionStore;
  store?: SubscriptionStore;
}) {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  useDocumentTitle(t('team.documentTitle'));
  const { isAuthenticated, isLoading } = useSession(sessionStore);
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session_id');
  const [created, setCreated] = useState<string | null>(null);
  const mine = useApiData(client.team.mine, isAuthenticated && !sessionId ? undefined : null);

  const onConfirmed = (team: TeamDetail) => {
    setCreated(t('team.created', { team: team.name, count: team.seats, seats: formatCount(team.seats) }));
    void store.refresh();
    setParams({}, { replace: true });
  };

  let body: ReactNode;
  if (isLoading) body = <Spinner message={t('team.loading')} />;
  else if (!isAuthenticated)
    body = (
      <Offer>
        <p>{t('team.signInToBuy')}</p>
        <div className={styles.actions}>
          <Button onClick={() => openAuthDialog('login')}>{tw('auth.login')}</Button>
          <Button variant="secondary" onClick={() => openAuthDialog('register')}>
            {tw('auth.signUp')}
          </Button>
        </div>
      </Offer>
    );
  else if (sessionId) body = <Confirming sessionId={sessionId} client={client} onConfirmed={onConfirmed} />;
  else if (mine.error)
    body = (
      <Alert tone="danger">
        {t('team.loadFailed')}{' '}
        <Button variant="secondary" size="sm" onClick={mine.reload}>
          {t('failed.tryAgain')}
        </Button>
      </Alert>
    );
  else if (!mine.data) body = <Spinner message={t('team.loadingTeam')} />;
  else if (!mine.data.team)
    body = (
      <Offer>
        {params.get('canceled') ? <Alert tone="info">{t('gift.cancelled')}</Alert> : null}
        <TeamBuyForm client={client} navigate={navigate} />
      </Offer>
    );
  else if (mine.data.team.role === 'member') body = <MemberView team={mine.data.team} />;
  else
    body = (
      <>
        <h1 className={styles.heading}>{mine.data.team.name}</h1>
        <TeamManage key={mine.data.team.id} summary={mine.data.team} client={client} />
      </>
    );

  return (
    <div className={styles.page}>
      {created ? (
        <Alert tone="success" reveal>
          {created}
        </Alert>
      ) : null}
      {body}
    </div>
  );
}
