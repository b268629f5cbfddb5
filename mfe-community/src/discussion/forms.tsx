import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  COMMUNITY_LIMITS,
  MODERATION_REASON,
  REPORT_REASONS,
  type DiscussionTarget,
  type Post,
  type ReportReason,
  type Thread,
} from '@catalyst/contracts';
import { Alert, api, Button, TextField, useStrings, formatCount } from '@catalyst/web-kit';
import { communityStrings } from '../i18n/en';
import { REPORT_REASON_KEYS } from '../i18n/labels';
import { fieldErrorOf, messageOf } from '../shared/errors';
import styles from './Discussion.module.css';

/** Runs a form's call: busy while it runs, its failure kept for the fields and the form's message. */
function useSubmit<T>(call: () => Promise<T>, done: (result: T) => void, failed?: (error: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const result = await call();
      setBusy(false);
      done(result);
    } catch (error) {
      setBusy(false);
      setFailure(error);
      failed?.(error);
    }
  };
  return { busy, failure, onSubmit: (event: FormEvent) => void submit(event) };
}

/** The failure's message above the buttons, unless it is one field's own (shown beside that field). */
function FormError({ failure, fields }: { failure: unknown; fields: string[] }) {
  if (!failure || fields.some((field) => fieldErrorOf(failure, field))) return null;
  return <Alert tone="danger">{messageOf(failure)}</Alert>;
}

interface MarkdownFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  rows?: number;
  autoFocus?: boolean;
}

/** A post's body: Markdown, rendered and sanitised by the server once posted (no preview is rendered here). */
export function MarkdownField({ label, value, onChange, error, rows = 5, autoFocus }: MarkdownFieldProps) {
  const t = useStrings(communityStrings);
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        className={styles.textarea}
        value={value}
        rows={rows}
        maxLength={COMMUNITY_LIMITS.bodyMax}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {t('form.markdown', {
          used: formatCount(value.length),
          max: formatCount(COMMUNITY_LIMITS.bodyMax),
        })}
      </p>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function FormButtons({
  busy,
  submitLabel,
  onCancel,
  disabled,
}: {
  busy: boolean;
  submitLabel: string;
  onCancel?: () => void;
  disabled?: boolean;
}) {
  const t = useStrings(communityStrings);
  return (
    <div className={styles.formButtons}>
      <Button type="submit" size="sm" loading={busy} disabled={disabled}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
      ) : null}
    </div>
  );
}

/** Ask a question: a title and a Markdown body; the posted discussion opens as the server rendered it. */
export function AskForm({
  target,
  onPosted,
  onCancel,
}: {
  target: DiscussionTarget;
  onPosted: (thread: Thread) => void;
  onCancel: () => void;
}) {
  const t = useStrings(communityStrings);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  // the form opens at its first field
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);
  const { busy, failure, onSubmit } = useSubmit(
    () => api.discussion.createThread({ body: { ...target, title, body } }),
    onPosted,
  );
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="ask-title">
      <h3 id="ask-title" className={styles.formTitle}>
        {t('threads.ask')}
      </h3>
      <TextField
        label={t('form.title')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={COMMUNITY_LIMITS.titleMax}
        error={fieldErrorOf(failure, 'title')}
      />
      <MarkdownField
        label={t('form.details')}
        value={body}
        onChange={setBody}
        error={fieldErrorOf(failure, 'body')}
      />
      <FormError failure={failure} fields={['title', 'body']} />
      <FormButtons busy={busy} submitLabel={t('form.postQuestion')} onCancel={onCancel} />
    </form>
  );
}

/** Reply to a discussion. */
export function ReplyForm({ threadId, onPosted }: { threadId: string; onPosted: (post: Post) => void }) {
  const t = useStrings(communityStrings);
  const [body, setBody] = useState('');
  const { busy, failure, onSubmit } = useSubmit(
    () => api.discussion.createReply({ params: { threadId }, body: { body } }),
    (post) => {
      setBody('');
      onPosted(post);
    },
  );
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <MarkdownField
        label={t('form.reply')}
        value={body}
        onChange={setBody}
        rows={4}
        error={fieldErrorOf(failure, 'body')}
      />
      <FormError failure={failure} fields={['body']} />
      <FormButtons busy={busy} submitLabel={t('form.postReply')} disabled={body.trim() === ''} />
    </form>
  );
}

/** Edit a post (its title too when it opens the discussion) while the edit window lasts. */
export function EditForm({
  post,
  title: initialTitle,
  onSaved,
  onCancel,
  children,
}: {
  post: Post;
  title?: string;
  onSaved: (post: Post, title?: string) => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const t = useStrings(communityStrings);
  const [title, setTitle] = useState(initialTitle ?? '');
  const [body, setBody] = useState(post.body);
  const editsTitle = initialTitle !== undefined;
  const { busy, failure, onSubmit } = useSubmit(
    () =>
      api.discussion.editPost({
        params: { postId: post._id },
        body: { body, ...(editsTitle ? { title } : {}) },
      }),
    (saved) => onSaved(saved, editsTitle ? title.trim() : undefined),
  );
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {editsTitle ? (
        <TextField
          label={t('form.title')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={COMMUNITY_LIMITS.titleMax}
          error={fieldErrorOf(failure, 'title')}
        />
      ) : null}
      <MarkdownField
        label={t('form.edit')}
        value={body}
        onChange={setBody}
        autoFocus={!editsTitle} // focus follows the person's Edit into this form
        error={fieldErrorOf(failure, 'body')}
      />
      {children}
      <FormError failure={failure} fields={['title', 'body']} />
      <FormButtons busy={busy} submitLabel={t('form.save')} onCancel={onCancel} />
    </form>
  );
}

/** Report a post to the moderators: a reason and an optional note (once per person). */
export function ReportForm({
  postId,
  onReported,
  onRefused,
  onCancel,
}: {
  postId: string;
  onReported: () => void;
  onRefused?: (error: unknown) => void;
  onCancel: () => void;
}) {
  const t = useStrings(communityStrings);
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const selectRef = useRef<HTMLSelectElement>(null);
  useEffect(() => selectRef.current?.focus(), []);
  const { busy, failure, onSubmit } = useSubmit(
    () =>
      api.discussion.report({
        params: { postId },
        body: { reason: reason as ReportReason, ...(note.trim() ? { note } : {}) },
      }),
    onReported,
    onRefused,
  );
  const reasonError = fieldErrorOf(failure, 'reason');
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('report.label')}>
      <div className={styles.field}>
        <label htmlFor={`${id}-reason`} className={styles.label}>
          {t('report.reason')}
        </label>
        <select
          ref={selectRef}
          id={`${id}-reason`}
          className={styles.select}
          value={reason}
          onChange={(event) => setReason(event.target.value as ReportReason)}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
        >
          <option value="">{t('report.choose')}</option>
          {REPORT_REASONS.map((value) => (
            <option key={value} value={value}>
              {t(REPORT_REASON_KEYS[value])}
            </option>
          ))}
        </select>
        {reasonError ? (
          <p id={`${id}-reason-error`} className={styles.fieldError} role="alert">
            {reasonError}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-note`} className={styles.label}>
          {t('report.note')}
        </label>
        <textarea
          id={`${id}-note`}
          className={styles.textarea}
          rows={2}
          value={note}
          maxLength={COMMUNITY_LIMITS.noteMax}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <FormError failure={failure} fields={['reason']} />
      <FormButtons busy={busy} submitLabel={t('report.submit')} onCancel={onCancel} />
    </form>
  );
}

/**
 * A moderator's action taken where the post or discussion is (not only from the reports queue): the reason the
 * audit log keeps, then the call. The server checks the reason with the same rule (MODERATION_REASON).
 */
export function ModerationForm<T>({
  label,
  submitLabel,
  act,
  onDone,
  onCancel,
}: {
  /** The form's name, saying what will happen ("Hide this post"). */
  label: string;
  submitLabel: string;
  act: (reason: string) => Promise<T>;
  onDone: (result: T) => void;
  onCancel: () => void;
}) {
  const t = useStrings(communityStrings);
  const id = useId();
  const [reason, setReason] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const { busy, failure, onSubmit } = useSubmit(() => act(reason.trim()), onDone);
  const reasonError = fieldErrorOf(failure, 'reason');
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={label}>
      <div className={styles.field}>
        <label htmlFor={`${id}-reason`} className={styles.label}>
          {t('moderation.reason')}
        </label>
        <textarea
          ref={ref}
          id={`${id}-reason`}
          className={styles.textarea}
          rows={2}
          value={reason}
          maxLength={MODERATION_REASON.max}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
        />
        {reasonError ? (
          <p id={`${id}-reason-error`} className={styles.fieldError} role="alert">
            {reasonError}
          </p>
        ) : null}
      </div>
      <FormError failure={failure} fields={['reason']} />
      <FormButtons busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
