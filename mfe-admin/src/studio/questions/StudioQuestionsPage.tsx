import { Link } from 'react-router-dom';
import type { StudioQuestion } from '@catalyst/contracts';
import {
  api,
  Card,
  ErrorScreen,
  formatCount,
  formatDate,
  lessonPath,
  productPath,
  Spinner,
  useApiData,
  useDocumentTitle,
  useStrings,
} from '@catalyst/web-kit';
import { consoleStrings } from '../../i18n/console/en';
import styles from '../../common/Admin.module.css';
import { StudioNav } from '../StudioNav';
import own from './StudioQuestions.module.css';

/** The page a discussion lives on: its lesson's, or its product's own. */
const questionPath = (question: StudioQuestion) =>
  question.lessonId
    ? lessonPath(question.productId, question.lessonId)
    : productPath({ _id: question.productId });

function QuestionItem({ question }: { question: StudioQuestion }) {
  const t = useStrings(consoleStrings);
  const where = question.lessonId
    ? t('studio.questions.lessonOf', { title: question.productTitle })
    : question.productTitle;
  return (
    <Card as="article" aria-label={question.title}>
      <h2 className={own.title}>
        <Link to={questionPath(question)}>{question.title}</Link>
      </h2>
      <p className={own.meta}>
        {t('studio.questions.meta', {
          where,
          name: question.author.name,
          date: formatDate(question.createdAt),
          replies: t('studio.questions.replies', {
            count: question.replyCount,
            shown: formatCount(question.replyCount),
          }),
        })}
      </p>
    </Card>
  );
}

/** /studio/questions: the newest discussions on the creator's items still waiting for an answer. */
export function StudioQuestionsPage() {
  const t = useStrings(consoleStrings);
  useDocumentTitle(t('studio.nav.questions'));
  const { data, error, reload } = useApiData(api.studioQuestion.list);
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('studio.nav.questions')}</h1>
          <p className={styles.subtitle}>{t('studio.questions.subtitle')}</p>
        </div>
      </header>
      <StudioNav />
      {error ? (
        <ErrorScreen
          message={t('studio.questions.failed')}
          onRetry={reload}
          retryLabel={t('revisions.tryAgain')}
        />
      ) : !data ? (
        <Spinner message={t('studio.questions.loading')} />
      ) : data.length === 0 ? (
        <p>{t('studio.questions.empty')}</p>
      ) : (
        <ul className={own.list} aria-label={t('studio.questions.waiting')}>
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
