import { useCallback, useEffect, useMemo, useState } from 'react';
import { COURSE_MESSAGES } from '@catalyst/contracts';
import { isApiRequestError, useStrings } from '@catalyst/web-kit';
import { formMessageStrings, validateCurriculum } from '../forms/validation';
import { useProductEndpoints } from '../products/productEndpoints';
import {
  adoptSaved,
  curriculumBody,
  draftFromCurriculum,
  errorsByItem,
  lessonsWithErrors,
  type CurriculumDraft,
  type DraftSection,
} from './curriculumDraft';
import { consoleStrings } from '../i18n/console/en';

/** Why the last save did not go through. */
export type SaveProblem =
  | { kind: 'conflict' }
  | { kind: 'invalid'; message: string; details: string[] }
  | { kind: 'failed'; message: string };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Ids and the version of a save, given to the items (by key) of a draft edited while the save was on its way. */
function withSavedIds(current: CurriculumDraft, adopted: CurriculumDraft): CurriculumDraft {
  const ids = new Map<string, string | null>();
  for (const section of adopted.sections) {
    ids.set(section.key, section.id);
    for (const lesson of section.lessons) {
      ids.set(lesson.key, lesson.id);
      for (const resource of lesson.resources) ids.set(resource.key, resource.id);
      for (const question of lesson.quiz.questions) {
        ids.set(question.key, question.id);
        for (const option of question.options) ids.set(option.key, option.id);
      }
    }
  }
  const idOf = (item: { key: string; id: string | null }) =>
    ids.has(item.key) ? ids.get(item.key)! : item.id;
  return {
    version: adopted.version,
    sections: current.sections.map((section) => ({
      ...section,
      id: idOf(section),
      lessons: section.lessons.map((lesson) => ({
        ...lesson,
        id: idOf(lesson),
        resources: lesson.resources.map((resource) => ({ ...resource, id: idOf(resource) })),
        quiz: {
          ...lesson.quiz,
          questions: lesson.quiz.questions.map((question) => ({
            ...question,
            id: idOf(question),
            options: question.options.map((option) => ({ ...option, id: idOf(option) })),
          })),
        },
      })),
    })),
  };
}

/**
 * A product's curriculum in the editor: loaded with its version, edited locally, checked with the server's
 * schema, saved in one request. A 409 keeps the admin's edits on screen until they choose to reload.
 */
export function useCurriculumEditor(productId: string) {
  useStrings(formMessageStrings); // the field messages, in the page's language
  const { getCurriculum, saveCurriculum } = useProductEndpoints();
  const [draft, setDraft] = useState<CurriculumDraft | null>(null);
  /** The body as last loaded or saved: the draft differs from it when there are unsaved changes. */
  const [savedBody, setSavedBody] = useState('');
  const [loads, setLoads] = useState(0);
  /** Why a load failed, kept with the load it was (a reload or another product starts without it). */
  const [loadFailure, setLoadFailure] = useState<{ load: string; message: string } | null>(null);
  const load = `${productId}#${loads}`;
  const loadError = loadFailure?.load === load ? loadFailure.message : null;
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Field errors keyed by item and field (`l7.title`). */
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const controller = new AbortController();
    getCurriculum(productId, controller.signal)
      .then((curriculum) => {
        if (controller.signal.aborted) return;
        const loaded = draftFromCurriculum(curriculum);
        setDraft(loaded);
        setSavedBody(JSON.stringify(curriculumBody(loaded)));
        setProblem(null);
        setErrors({});
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setLoadFailure({
            load,
            message: consoleStrings.t('curriculum.loadFailed', { message: errorText(error) }),
          });
      });
    return () => controller.abort();
  }, [productId, load, getCurriculum]);

  const body = useMemo(() => (draft ? JSON.stringify(curriculumBody(draft)) : ''), [draft]);
  const dirty = draft !== null && body !== savedBody;

  /** Applies one edit of the sections; a success message from the last save goes once the admin edits again. */
  const edit = useCallback((change: (sections: DraftSection[]) => DraftSection[]) => {
    setDraft((current) => (current ? { ...current, sections: change(current.sections) } : current));
    setNotice(null);
  }, []);

  /** Clears the errors of one item's fields (`l7.title`, or every field of `l7` when no field is named). */
  const clearError = useCallback((itemKey: string, field?: string) => {
    setErrors((current) => {
      const prefix = field === undefined ? `${itemKey}.` : `${itemKey}.${field}`;
      const kept = Object.entries(current).filter(([key]) =>
        field === undefined ? !key.startsWith(prefix) : key !== prefix,
      );
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, []);

  /** Reloads the stored curriculum, replacing the editor's copy (after a conflict, at the admin's choice). */
  const reload = useCallback(() => setLoads((n) => n + 1), []);

  /** Saves the whole curriculum; answers the lessons whose fields hold errors (the editor opens them). */
  const save = useCallback(async (): Promise<string[]> => {
    if (!draft || saving) return [];
    const sent = draft;
    const payload = curriculumBody(sent);
    setNotice(null);
    setProblem(null);
    const found = validateCurriculum(payload);
    if (Object.keys(found).length > 0) {
      const mapped = errorsByItem(
        sent,
        Object.entries(found).map(([field, message]) => ({ field, message })),
      );
      setErrors(mapped.fields);
      setProblem({
        kind: 'invalid',
        message: consoleStrings.t('curriculum.checkFields'),
        details: mapped.other,
      });
      return lessonsWithErrors(sent, mapped.fields);
    }
    setErrors({});
    setSaving(true);
    try {
      const result = await saveCurriculum(productId, payload);
      const adopted = adoptSaved(sent, result.data);
      setSavedBody(JSON.stringify(curriculumBody(adopted)));
      // An edit made while the save was on its way stays (and stays unsaved); otherwise the server's copy is shown.
      setDraft((current) => (current === sent ? adopted : current && withSavedIds(current, adopted)));
      setNotice(result.message ?? COURSE_MESSAGES.savedCurriculum);
      return [];
    } catch (error) {
      if (isApiRequestError(error) && error.status === 409) {
        setProblem({ kind: 'conflict' });
        return [];
      }
      if (isApiRequestError(error) && error.errors.length > 0) {
        const mapped = errorsByItem(sent, error.errors);
        setErrors(mapped.fields);
        setProblem({ kind: 'invalid', message: error.message, details: mapped.other });
        return lessonsWithErrors(sent, mapped.fields);
      }
      setProblem({ kind: 'failed', message: errorText(error) });
      return [];
    } finally {
      setSaving(false);
    }
  }, [draft, saving, productId, saveCurriculum]);

  return { draft, loadError, dirty, saving, problem, notice, errors, edit, clearError, reload, save };
}

export type CurriculumEditorState = ReturnType<typeof useCurriculumEditor>;
