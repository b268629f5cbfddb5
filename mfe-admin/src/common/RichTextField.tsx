import { useEffect, useId, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useStrings } from '@catalyst/web-kit';
import { adminStrings, type AdminKey } from '../i18n/en';
import styles from './RichTextField.module.css';
import formStyles from './Form.module.css';

/** The elements the rich-text editor keeps as they are (Tiptap's StarterKit); anything else needs the HTML view. */
const RICH_TAGS = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code',
  'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'a',
]); // prettier-ignore

/** Whether the rich-text editor can hold this HTML without dropping any of it (images, tables… it cannot). */
export function keepsInRichText(html: string): boolean {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return [...body.querySelectorAll('*')].every((element) => RICH_TAGS.has(element.localName));
}

type Mode = 'rich' | 'html';

const TOOLS: Array<{ label: AdminKey; active: (e: Editor) => boolean; run: (e: Editor) => void }> = [
  {
    label: 'common.bold',
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: 'common.italic',
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: 'common.heading',
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: 'common.subheading',
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: 'common.bulletedList',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'common.numberedList',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: 'common.quote',
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

/**
 * A product's content as formatted text (Tiptap): a toolbar, and the same HTML the server sanitises on save. An
 * "Edit as HTML" view stays for what the editor cannot hold (images, tables…), and opens by itself for such
 * content, so nothing an admin wrote is dropped by opening the form.
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  hint?: ReactNode;
}) {
  const t = useStrings(adminStrings);
  const id = useId();
  // The admin's choice of view; content the editor cannot hold is always shown as HTML.
  const [chosen, setChosen] = useState<Mode>('rich');
  const richAllowed = keepsInRichText(value);
  const mode: Mode = richAllowed ? chosen : 'html';
  const described =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id: `${id}-editor`,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(described ? { 'aria-describedby': described } : {}),
        class: [formStyles.control, styles.editor, error ? formStyles.invalid : ''].filter(Boolean).join(' '),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => TOOLS.map((tool) => (current ? tool.active(current) : false)),
  });

  // A value from outside (the product loaded after the form opened): shown, in the view that can hold it.
  useEffect(() => {
    if (!editor || mode !== 'rich') return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (value !== shown) editor.commands.setContent(value, { emitUpdate: false });
  }, [value, editor, mode]);

  const switchTo = (next: Mode) => {
    if (next === 'rich') editor?.commands.setContent(value, { emitUpdate: false });
    setChosen(next);
  };

  return (
    <div className={formStyles.field}>
      <span id={`${id}-label`} className={formStyles.label}>
        {label}
      </span>
      <div className={styles.toolbar} role="toolbar" aria-label={t('common.formatting', { label })}>
        {mode === 'rich' && editor
          ? TOOLS.map((tool, index) => (
              <button
                key={tool.label}
                type="button"
                className={styles.tool}
                aria-pressed={active?.[index] ?? false}
                onClick={() => tool.run(editor)}
              >
                {t(tool.label)}
              </button>
            ))
          : null}
        <button
          type="button"
          className={styles.tool}
          aria-pressed={mode === 'html'}
          disabled={!richAllowed}
          onClick={() => switchTo(mode === 'rich' ? 'html' : 'rich')}
        >
          {t('common.editAsHtml')}
        </button>
      </div>
      {mode === 'rich' ? (
        <EditorContent editor={editor} />
      ) : (
        <textarea
          aria-labelledby={`${id}-label`}
          aria-describedby={described}
          className={[formStyles.control, formStyles.code, error ? formStyles.invalid : '']
            .filter(Boolean)
            .join(' ')}
          value={value}
          onChange={(event) => {
            // typing in the HTML view keeps it, even once the editor could hold the text
            setChosen('html');
            onChange(event.target.value);
          }}
        />
      )}
      {!richAllowed ? <p className={formStyles.hint}>{t('common.htmlOnly')}</p> : null}
      {hint ? (
        <p id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={formStyles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
