import { useId, useState, type FormEvent } from 'react';
import { ThumbsUp } from '@catalyst/web-kit/icons';
import { COMMUNITY_LIMITS, type LiveEvent, type LiveQuestion } from '@catalyst/contracts';
import { Alert, api, Badge, Button, isAdmin, Spinner, useSession } from '@catalyst/web-kit';
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
        Questions for the host
      </h3>
      {board.stream === 'reconnecting' ? (
        <p className={styles.reconnecting} role="status">
          Reconnecting…
        </p>
      ) : null}
      <AskQuestion productId={productId} onAsked={board.put} />
      {failure ? <Alert tone="danger">{messageOf(failure)}</Alert> : null}

      {board.loading ? (
        <Spinner message="Loading questions..." />
      ) : board.error ? (
        <Alert tone="danger">
          {messageOf(board.error)}{' '}
          <Button size="sm" variant="secondary" onClick={board.reload}>
            Try again
          </Button>
        </Alert>
      ) : board.questions.length === 0 ? (
        <p className={styles.muted}>No questions yet. Ask the first one.</p>
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
                aria-label={`Upvote: ${question.body}`}
                onClick={() => void toggleVote(question)}
              >
                <ThumbsUp size={14} aria-hidden="true" focusable="false" /> {question.upvotes}
              </Button>
              <div className={styles.questionBody}>
                <p className={styles.questionText}>{question.body}</p>
                <p className={styles.muted}>
                  {question.author.name}
                  {question.mine ? ' (you)' : ''}
                  {question.answered ? (
                    <>
                      {' '}
                      <Badge tone="success">Answered</Badge>
                    </>
                  ) : null}
                </p>
              </div>
              {host && !question.answered ? (
                <Button size="sm" variant="ghost" onClick={() => void markAnswered(question)}>
                  Mark answered
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {/* new questions from others are told once each, politely */}
      <p className="ck-visually-hidden" role="status" aria-live="polite">
        {board.arrived ? `New question from ${board.arrived.author.name}: ${board.arrived.body}` : ''}
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
        Your question
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
        Ask
      </Button>
    </form>
  );
}
