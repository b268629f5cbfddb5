import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { CSSProperties } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NOTIFICATION_SETTINGS_PATH } from '@catalyst/contracts';
import type { MailMessage } from '@catalyst/service-kit';
import { unsubscribeLinks, withOneClick, type MailSite } from '../notifications/notification-mail';

/** A course in progress as the e-mail shows it: where to go on, and how far along. */
interface DigestCourseLine {
  title: string;
  link: string;
  /** "Lesson 3 of 8", or null for a single video. */
  lesson: string | null;
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const digestSubject = ({ minutes, streak }: DigestContent) =>
  minutes > 0
    ? `Your week: ${plural(minutes, 'minute', 'minutes')} learned${streak > 1 ? `, a ${streak}-day streak` : ''}`
    : 'Your week: pick up where you left off';

const figures = ({ minutes, streak }: DigestContent) => [
  `Minutes learned last week: ${minutes}`,
  streak > 0
    ? `Streak: ${plural(streak, 'day', 'days')} in a row`
    : 'Streak: none running (learn today to start one)',
];

const courseLine = (course: DigestCourseLine) =>
  `${course.title}: ${course.lesson ? `${course.lesson}, ` : ''}${course.progress}% done`;

const newsLine = (item: DigestNewsLine) => `“${item.title}” by ${item.creatorName}`;

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
  name,
  content,
  siteName,
  stopLink,
  settingsLink,
}: {
  name: string;
  content: DigestContent;
  siteName: string;
  stopLink: string;
  settingsLink: string;
}) {
  return (
    <Html lang="en">
      <Body style={page}>
        <Container style={box}>
          <Heading as="h1" style={{ fontSize: '22px' }}>
            Your week on {siteName}
          </Heading>
          <Text>Hi {name},</Text>
          {figures(content).map((line) => (
            <Text key={line} style={{ margin: '4px 0', fontSize: '16px' }}>
              {line}
            </Text>
          ))}
          {content.courses.length > 0 ? (
            <>
              <Heading as="h2" style={{ fontSize: '18px', marginTop: '24px' }}>
                Continue where you left off
              </Heading>
              {content.courses.map((course) => (
                <Text key={course.link}>
                  {courseLine(course)}
                  <br />
                  <Button href={course.link} style={button}>
                    Continue {course.title}
                  </Button>
                </Text>
              ))}
            </>
          ) : null}
          {content.news.length > 0 ? (
            <>
              <Heading as="h2" style={{ fontSize: '18px', marginTop: '24px' }}>
                New from creators you follow
              </Heading>
              {content.news.map((item) => (
                <Text key={item.link}>
                  <Link href={item.link}>{newsLine(item)}</Link>
                </Text>
              ))}
            </>
          ) : null}
          <Hr />
          <Text style={small}>
            You get this e-mail every Monday morning. <Link href={stopLink}>Stop the weekly e-mail</Link> or{' '}
            <Link href={settingsLink}>choose what we send you</Link>.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * One learner's weekly e-mail: the HTML (react-email) and the text part, both from the same content, with a link
 * to stop the digest alone and the one-click List-Unsubscribe headers (RFC 8058) that stop it too.
 */
export function weeklyDigestMail(
  site: Omit<MailSite, 'intervalMinutes'>,
  recipient: { id: string; name: string; email: string },
  content: DigestContent,
): MailMessage {
  const stop = unsubscribeLinks(site, recipient.id, { kind: 'digest' });
  const settingsLink = `${site.publicUrl.replace(/\/+$/, '')}${NOTIFICATION_SETTINGS_PATH}`;
  const lines = [`Hi ${recipient.name},`, '', `Your week on ${site.siteName}`, ...figures(content), ''];
  if (content.courses.length > 0) {
    lines.push('Continue where you left off');
    for (const course of content.courses) lines.push(`- ${courseLine(course)}`, `  ${course.link}`);
    lines.push('');
  }
  if (content.news.length > 0) {
    lines.push('New from creators you follow');
    for (const item of content.news) lines.push(`- ${newsLine(item)}`, `  ${item.link}`);
    lines.push('');
  }
  lines.push(
    'You get this e-mail every Monday morning.',
    `Stop the weekly e-mail: ${stop.page}`,
    `Choose what we send you: ${settingsLink}`,
    '',
    `— ${site.siteName}`,
  );
  const html = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">${renderToStaticMarkup(
    <DigestEmail
      name={recipient.name}
      content={content}
      siteName={site.siteName}
      stopLink={stop.page}
      settingsLink={settingsLink}
    />,
  )}`;
  return withOneClick(
    { to: recipient.email, subject: digestSubject(content), text: lines.join('\n'), html },
    stop.oneClick,
  );
}
