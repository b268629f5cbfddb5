import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NOTIFICATION_SETTINGS_PATH } from '@catalyst/contracts';
import { directionOf, type Language } from '@catalyst/contracts/languages';
import type { MailMessage } from '@catalyst/service-kit';
import {
  mailTexts,
  unsubscribeLinks,
  withOneClick,
  type MailRecipient,
  type MailSite,
} from '../notifications/notification-mail';

/** A course in progress as the e-mail shows it: where to go on, and how far along. */
interface DigestCourseLine {
  title: string;
  link: string;
  /** The lesson to go on with ("Lesson 3 of 8"), or null for a single video. */
  lesson: { number: number; count: number } | null;
  progress: number;
}

interface DigestNewsLine {
  title: string;
  creatorName: string;
  link: string;
}

/** Everything one digest says, gathered once: the HTML and the text part are both written from it. */
export interface DigestContent {
  minutes: number;
  streak: number;
  courses: DigestCourseLine[];
  news: DigestNewsLine[];
}

/** Nothing learned, nothing in progress, no news: no e-mail that week. */
export const hasNews = (content: DigestContent) =>
  content.minutes > 0 || content.courses.length > 0 || content.news.length > 0;

type Texts = ReturnType<typeof mailTexts>['t'];

const digestSubject = (t: Texts, { minutes, streak }: DigestContent) =>
  minutes > 0
    ? streak > 1
      ? t('digest.subjectMinutesStreak', { count: minutes, streak })
      : t('digest.subjectMinutes', { count: minutes })
    : t('digest.subjectIdle');

const figures = (t: Texts, { minutes, streak }: DigestContent) => [
  t('digest.minutes', { minutes }),
  streak > 0 ? t('digest.streak', { count: streak }) : t('digest.noStreak'),
];

const courseLine = (t: Texts, course: DigestCourseLine) =>
  course.lesson
    ? t('digest.courseLesson', {
        title: course.title,
        number: course.lesson.number,
        count: course.lesson.count,
        progress: course.progress,
      })
    : t('digest.course', { title: course.title, progress: course.progress });

const newsLine = (t: Texts, item: DigestNewsLine) =>
  t('digest.news', { title: item.title, creator: item.creatorName });

/** A sentence with links in it: the text around `{{name}}` kept, each named part put in its place. */
function withLinks(sentence: string, parts: Record<string, ReactNode>): ReactNode[] {
  return sentence
    .split(/(\{\{\w+\}\})/)
    .map((piece, index) => <Fragment key={index}>{parts[piece.slice(2, -2)] ?? piece}</Fragment>);
}

const page = { backgroundColor: '#f6f7f9', fontFamily: 'Arial, Helvetica, sans-serif', color: '#1f2933' };
const box = { backgroundColor: '#ffffff', padding: '24px', maxWidth: '560px' };
const small: CSSProperties = { fontSize: '13px', color: '#52606d' };
const button: CSSProperties = {
  backgroundColor: '#1d4ed8',
  color: '#ffffff',
  padding: '8px 14px',
  borderRadius: '6px',
  fontSize: '14px',
  textDecoration: 'none',
};

function DigestEmail({
  t,
  language,
  name,
  content,
  stopLink,
  settingsLink,
}: {
  t: Texts;
  language: Language;
  name: string;
  content: DigestContent;
  stopLink: string;
  settingsLink: string;
}) {
  return (
    <Html lang={language} dir={directionOf(language)}>
      <Body style={page}>
        <Container style={box}>
          <Heading as="h1" style={{ fontSize: '22px' }}>
            {t('digest.heading')}
          </Heading>
          <Text>{t('mail.greeting', { name })}</Text>
          {figures(t, content).map((line) => (
            <Text key={line} style={{ margin: '4px 0', fontSize: '16px' }}>
              {line}
            </Text>
          ))}
          {content.courses.length > 0 ? (
            <>
              <Heading as="h2" style={{ fontSize: '18px', marginTop: '24px' }}>
                {t('digest.continueHeading')}
              </Heading>
              {content.courses.map((course) => (
                <Text key={course.link}>
                  {courseLine(t, course)}
                  <br />
                  <Button href={course.link} style={button}>
                    {t('digest.continue', { title: course.title })}
                  </Button>
                </Text>
              ))}
            </>
          ) : null}
          {content.news.length > 0 ? (
            <>
              <Heading as="h2" style={{ fontSize: '18px', marginTop: '24px' }}>
                {t('digest.newsHeading')}
              </Heading>
              {content.news.map((item) => (
                <Text key={item.link}>
                  <Link href={item.link}>{newsLine(t, item)}</Link>
                </Text>
              ))}
            </>
          ) : null}
          <Hr />
          <Text style={small}>
            {t('digest.rhythm')}{' '}
            {withLinks(t('digest.links'), {
              stop: <Link href={stopLink}>{t('digest.stop')}</Link>,
              choose: <Link href={settingsLink}>{t('digest.choose')}</Link>,
            })}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * One learner's weekly e-mail in their language: the HTML (react-email; right to left in Arabic) and the text
 * part, both from the same content, with a link to stop the digest alone and the one-click List-Unsubscribe
 * headers (RFC 8058) that stop it too.
 */
export function weeklyDigestMail(
  site: Omit<MailSite, 'intervalMinutes'>,
  recipient: MailRecipient,
  content: DigestContent,
): MailMessage {
  const { language, t } = mailTexts(recipient, site.siteName);
  const stop = unsubscribeLinks(site, recipient.id, { kind: 'digest' });
  const settingsLink = `${site.publicUrl.replace(/\/+$/, '')}${NOTIFICATION_SETTINGS_PATH}`;
  const lines = [
    t('mail.greeting', { name: recipient.name }),
    '',
    t('digest.heading'),
    ...figures(t, content),
    '',
  ];
  if (content.courses.length > 0) {
    lines.push(t('digest.continueHeading'));
    for (const course of content.courses) lines.push(`- ${courseLine(t, course)}`, `  ${course.link}`);
    lines.push('');
  }
  if (content.news.length > 0) {
    lines.push(t('digest.newsHeading'));
    for (const item of content.news) lines.push(`- ${newsLine(t, item)}`, `  ${item.link}`);
    lines.push('');
  }
  lines.push(
    t('digest.rhythm'),
    t('digest.stopText', { link: stop.page }),
    t('digest.chooseText', { link: settingsLink }),
    '',
    t('mail.signature'),
  );
  const html = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">${renderToStaticMarkup(
    <DigestEmail
      t={t}
      language={language}
      name={recipient.name}
      content={content}
      stopLink={stop.page}
      settingsLink={settingsLink}
    />,
  )}`;
  return withOneClick(
    { to: recipient.email, subject: digestSubject(t, content), text: lines.join('\n'), html },
    stop.oneClick,
    language,
  );
}
