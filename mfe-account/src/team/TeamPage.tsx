import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { TeamDetail, TeamSummary } from '@catalyst/contracts';
import { groupDigits } from '@catalyst/contracts/no-intl';
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
  type ApiClient,
  type SessionStore,
  type SubscriptionStore,
} from '@catalyst/web-kit';
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
            isApiRequestError(err) && err.status < 500 ? err.message : 'Your team could not be confirmed.',
          ),
      );
    return () => {
      live = false;
    };
  }, [client, sessionId]);
  if (error) return <Alert tone="danger">{error}</Alert>;
  return <Spinner message="Confirming your payment..." />;
}

/** What the team plan is, for anyone who has none. */
function Offer({ children }: { children: ReactNode }) {
  return (
    <Card as="section" className={styles.card} aria-labelledby="team-offer">
      <h1 id="team-offer">Catalyst for Teams</h1>
      <p className={styles.muted}>
        Premium for everyone on your team, on one bill: every course, learning path and certificate. Invite
        people by e-mail; a seat is theirs as soon as they join.
      </p>
      {children}
    </Card>
  );
}

/** A member's view: the team's name and where their Premium comes from. */
function MemberView({ team }: { team: TeamSummary }) {
  return (
    <Card as="section" className={styles.card} aria-labelledby="team-title">
      <h1 id="team-title">{team.name}</h1>
      <p>
        You are a member of {team.name}. Your Premium comes from this team: {team.ownerName} pays for your
        seat.
      </p>
      <div>
        <Link to="/browse">Browse Content</Link>
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
  useDocumentTitle('Team');
  const { isAuthenticated, isLoading } = useSession(sessionStore);
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session_id');
  const [created, setCreated] = useState<string | null>(null);
  const mine = useApiData(client.team.mine, isAuthenticated && !sessionId ? undefined : null);

  const onConfirmed = (team: TeamDetail) => {
    setCreated(`Your team ${team.name} is ready with ${groupDigits(team.seats)} seats. Invite people below.`);
    void store.refresh();
    setParams({}, { replace: true });
  };

  let body: ReactNode;
  if (isLoading) body = <Spinner message="Loading..." />;
  else if (!isAuthenticated)
    body = (
      <Offer>
        <p>Log in or sign up to buy seats for your team.</p>
        <div className={styles.actions}>
          <Button onClick={() => openAuthDialog('login')}>Login</Button>
          <Button variant="secondary" onClick={() => openAuthDialog('register')}>
            Sign Up
          </Button>
        </div>
      </Offer>
    );
  else if (sessionId) body = <Confirming sessionId={sessionId} client={client} onConfirmed={onConfirmed} />;
  else if (mine.error)
    body = (
      <Alert tone="danger">
        Your team could not be loaded.{' '}
        <Button variant="secondary" size="sm" onClick={mine.reload}>
          Try Again
        </Button>
      </Alert>
    );
  else if (!mine.data) body = <Spinner message="Loading your team..." />;
  else if (!mine.data.team)
    body = (
      <Offer>
        {params.get('canceled') ? (
          <Alert tone="info">Your payment was cancelled. Nothing was charged.</Alert>
        ) : null}
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
