import { useId, useState, type FormEvent } from 'react';
import { ThumbsUp } from '@catalyst/web-kit/icons';
import { COMMUNITY_LIMITS, type LiveEvent, type LiveQuestion } from '@catalyst/contracts';
import { Alert, api, Badge, Button, isAdmin, Spinner, useSession, useStrings } from '@catalyst/web-kit';
import { communityStrings } from '../i18n/en';
import { fieldErrorOf, messageOf } from '../shared/errors';
import { useAction } from '../shared/useAction';
import { useLiveBoard } from './useLiveBoard';
import styles from './LiveBoard.module.css';

/**
 * The live question board: members ask and upvote, the most upvoted first; the host (an admin) marks
 * questions answered. New questions and votes arrive over the event stream without reloading.
 */
export function QuestionBoard({
  productId,
  onSession,
}: {
  productId: string;
  onSession: (event: Extract<LiveEvent, { type: 'session' }>) => void;
}) {
  const t = useStrings(communityStrings);
  const board = useLiveBoard(productId, true, onSession);
  const { user } = useSession();
  const host = isAdmin(user);
  const { failure, run } = useAction();

  const act = (action: () => Promise<LiveQuestion>) => run(async () => board.put(await action()));
  const toggleVote = (question: LiveQuestion) =>
    act(() =>
      (question.upvotedByMe ? api.live.removeQuestionVote : api.live.upvoteQuestion)({
        params: { questionId: question._id },
      }),
    );
  const markAnswered = (question: LiveQuestion) =>
    act(() => api.live.markQuestionAnswered({ params: { questionId: question._id } }));

  return (
    <section className={styles.questions} aria-labelledby="live-questions-title" data-testid="live-questions">
      <h3 id="live-questions-title" className={styles.subtitle}>
        {t('questions.title')}
      </h3>
      {board.stream === 'reconnecting' ? (
        <p className={styles.reconnecting} role="status">
          {t('questions.reconnecting')}
        </p>
      ) : null}
      <AskQuestion productId={productId} onAsked={board.put} />
      {failure ? <Alert tone="danger">{messageOf(failure)}</Alert> : null}

      {board.loading ? (
        <Spinner message={t('common.loadingQuestions')} />
      ) : board.error ? (
        <Alert tone="danger">
          {messageOf(board.error)}{' '}
          <Button size="sm" variant="secondary" onClick={board.reload}>
            {t('common.tryAgain')}
          </Button>
        </Alert>
      ) : board.questions.length === 0 ? (
        <p className={styles.muted}>{t('questions.none')}</p>
      ) : (
        <ol className={styles.questionList}>
          {board.questions.map((question) => (
            <li
              key={question._id}
              className={styles.question}
              data-testid="live-question"
              data-answered={question.answered || undefined}
            >
              <Button
                variant={question.upvotedByMe ? 'primary' : 'secondary'}
                size="sm"
                aria-pressed={question.upvotedByMe}
                aria-label={t('questions.upvote', { body: question.body })}
                onClick={() => void toggleVote(question)}
              >
                <ThumbsUp size={14} aria-hidden="true" focusable="false" /> {question.upvotes}
              </Button>
              <div className={styles.questionBody}>
                <p className={styles.questionText}>{question.body}</p>
                <p className={styles.muted}>
                  {question.author.name}
                  {question.mine ? ` ${t('questions.you')}` : ''}
                  {question.answered ? (
                    <>
                      {' '}
                      <Badge tone="success">{t('common.answered')}</Badge>
                    </>
                  ) : null}
                </p>
              </div>
              {host && !question.answered ? (
                <Button size="sm" variant="ghost" onClick={() => void markAnswered(question)}>
                  {t('questions.markAnswered')}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {/* new questions from others are told once each, politely */}
      <p className="ck-visually-hidden" role="status" aria-live="polite">
        {board.arrived
          ? t('questions.arrived', { name: board.arrived.author.name, body: board.arrived.body })
          : ''}
      </p>
    </section>
  );
}

function AskQuestion({
  productId,
  onAsked,
}: {
  productId: string;
  onAsked: (question: LiveQuestion) => void;
}) {
  const t = useStrings(communityStrings);
  const id = useId();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const fieldError = fieldErrorOf(failure, 'body');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      onAsked(await api.live.askQuestion({ params: { productId }, body: { body } }));
      setBody('');
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.ask} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-question`} className={styles.label}>
        {t('questions.yours')}
      </label>
      <textarea
        id={`${id}-question`}
        className={styles.textarea}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        maxLength={COMMUNITY_LIMITS.questionMax}
        rows={2}
        required
        aria-invalid={failure ? true : undefined}
        aria-describedby={failure ? `${id}-error` : undefined}
      />
      {failure ? (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {fieldError ?? messageOf(failure)}
        </p>
      ) : null}
      <Button type="submit" size="sm" loading={busy} disabled={body.trim() === ''}>
        {t('questions.ask')}
      </Button>
    </form>
  );
}
