import { Link } from 'react-router-dom';
import type { StudioQuestion } from '@catalyst/contracts';
import {
  api,
  Card,
  ErrorScreen,
  formatDate,
  lessonPath,
  productPath,
  Spinner,
  useApiData,
  useDocumentTitle,
} from '@catalyst/web-kit';
import styles from '../../common/Admin.module.css';
import { StudioNav } from '../StudioNav';
import own from './StudioQuestions.module.css';

/** The page a discussion lives on: its lesson's, or its product's own. */
const questionPath = (question: StudioQuestion) =>
  question.lessonId
    ? lessonPath(question.productId, question.lessonId)
    : productPath({ _id: question.productId });

function QuestionItem({ question }: { question: StudioQuestion }) {
  const where = question.lessonId ? `A lesson of ${question.productTitle}` : question.productTitle;
  return (
    <Card as="article" aria-label={question.title}>
      <h2 className={own.title}>
        <Link to={questionPath(question)}>{question.title}</Link>
      </h2>
      <p className={own.meta}>
        {where} · asked by {question.author.name} on {formatDate(question.createdAt)} ·{' '}
        {question.replyCount === 1 ? '1 reply' : `${question.replyCount} replies`}
      </p>
    </Card>
  );
}

/** /studio/questions: the newest discussions on the creator's items still waiting for an answer. */
export function StudioQuestionsPage() {
  useDocumentTitle('Questions');
  const { data, error, reload } = useApiData(api.studioQuestion.list);
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Questions</h1>
          <p className={styles.subtitle}>
            Discussions on your items with no accepted answer yet, newest first. Answer them where they are.
          </p>
        </div>
      </header>
      <StudioNav />
      {error ? (
        <ErrorScreen message="Failed to load the questions" onRetry={reload} retryLabel="Try Again" />
      ) : !data ? (
        <Spinner message="Loading the questions..." />
      ) : data.length === 0 ? (
        <p>No questions are waiting for an answer.</p>
      ) : (
        <ul className={own.list} aria-label="Questions waiting">
          {data.map((question) => (
            <li key={question._id}>
              <QuestionItem question={question} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
