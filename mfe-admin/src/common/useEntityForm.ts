import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isApiRequestError, useDocumentTitle, type ApiResult } from '@catalyst/web-kit';
import { normaliseSlug, normaliseSlugWhileTyping, type FieldErrors } from '../forms/validation';
import { useRedirectAfter } from './useLoadFailureRedirect';

/** Why the form cannot be shown, and whether to go back to the list after a while (2 s or 3 s in the spec). */
export interface LoadFailure {
  message: string;
  redirectAfterMs?: number;
}

export interface EntityFormOptions<V extends { slug: string }, P> {
  /** The list the form returns to after a save, a Cancel or a load failure. */
  listPath: string;
  /** The document title for creating and for editing ('Add Category', 'Edit Category'). */
  titles: { create: string; edit: string };
  initialValues: V;
  /** An id that cannot be the entity's, refused before asking the server. */
  checkId?: (id: string) => LoadFailure | null;
  /** Runs on create and edit before the entity loads (the product form's category and creator lists); `isCurrent` is false once the page moved on. */
  prepare?: (isCurrent: () => boolean) => Promise<void>;
  prepareFailure?: (error: unknown) => LoadFailure;
  /** Loads the entity being edited as form values. */
  loadValues: (id: string) => Promise<V>;
  loadFailure: (error: unknown) => LoadFailure;
  /** On create the slug follows this field until the admin edits the slug itself. */
  slugFollows?: keyof V;
  /** What is sent on save. */
  toPayload: (values: V) => P;
  /** Shows the values as they will be sent (trimmed, normalised) as soon as Save is pressed. */
  showPayload?: (values: V, payload: P) => V;
  validate: (payload: P) => FieldErrors;
  save: (payload: P, id: string | undefined) => Promise<ApiResult<unknown>>;
  /** The success message carried to the list. */
  savedMessage: (isEdit: boolean, result: ApiResult<unknown>) => string;
  saveFailure: (error: unknown) => string;
}

/** The admin forms' shared scaffolding: load for edit, field updates and errors, validate, save, then back to the list with a message. */
export function useEntityForm<V extends { slug: string }, P>(options: EntityFormOptions<V, P>) {
  const { id } = useParams();
  const isEdit = id !== undefined;
  const { listPath, prepare } = options;
  useDocumentTitle(isEdit ? options.titles.edit : options.titles.create);
  const navigate = useNavigate();
  const [values, setValues] = useState<V>(options.initialValues);
  const [slugTouched, setSlugTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // What loaded for the entity of the address ('' when creating): nothing yet, or how it failed.
  const [loaded, setLoaded] = useState<{ entity: string; failure: LoadFailure | null } | null>(null);
  const entity = id ?? '';
  const needsLoad = isEdit || prepare !== undefined;
  const refused = isEdit ? (options.checkId?.(id) ?? null) : null;
  const loading = needsLoad && refused === null && loaded?.entity !== entity;
  const loadFailure = refused ?? (loaded?.entity === entity ? loaded.failure : null);
  useRedirectAfter(loadFailure?.redirectAfterMs, listPath);

  // Reads the page's options as they are when the load starts; `isCurrent` is false once the page moved on.
  const load = useEffectEvent(
    async (isCurrent: () => boolean): Promise<{ values?: V; failure: LoadFailure | null }> => {
      if (prepare) {
        try {
          await prepare(isCurrent);
        } catch (error) {
          return { failure: (options.prepareFailure ?? options.loadFailure)(error) };
        }
      }
      if (!isCurrent() || !isEdit) return { failure: null };
      try {
        return { values: await options.loadValues(id), failure: null };
      } catch (error) {
        return { failure: options.loadFailure(error) };
      }
    },
  );
  const loads = needsLoad && refused === null;
  useEffect(() => {
    if (!loads) return;
    let cancelled = false;
    void load(() => !cancelled).then(({ values, failure }) => {
      if (cancelled) return;
      if (values) setValues(values);
      setLoaded({ entity, failure });
    });
    return () => {
      cancelled = true;
    };
  }, [entity, loads]);

  function update<K extends keyof V>(field: K, value: V[K]) {
    const followsName = field === options.slugFollows && !isEdit && !slugTouched;
    setValues((current) => ({
      ...current,
      [field]: value,
      ...(followsName ? { slug: normaliseSlug(String(value)) } : {}),
    }));
    // A field's error clears when that field (or the slug it drives) is edited.
    const cleared: string[] = followsName ? [String(field), 'slug'] : [String(field)];
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key))),
    );
  }

  /** The slug input's props: typed text is normalised as it goes, fully on leaving the field. */
  const slugInput = {
    name: 'slug',
    value: values.slug,
    error: errors.slug,
    onChange: (event: { target: { value: string } }) => {
      setSlugTouched(true);
      update('slug', normaliseSlugWhileTyping(event.target.value) as V['slug']);
    },
    onBlur: () => setValues((current) => ({ ...current, slug: normaliseSlug(current.slug) })),
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaveError(null);
    const payload = options.toPayload(values);
    const { showPayload } = options;
    if (showPayload) setValues((current) => showPayload(current, payload));
    const found = options.validate(payload);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const result = await options.save(payload, id);
      navigate(listPath, { state: { flash: options.savedMessage(isEdit, result) } });
    } catch (error) {
      setSaveError(options.saveFailure(error));
      if (isApiRequestError(error))
        setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
      setSaving(false);
    }
  }

  return {
    isEdit,
    title: isEdit ? options.titles.edit : options.titles.create,
    values,
    update,
    slugInput,
    errors,
    loading,
    loadFailure,
    saving,
    saveError,
    submit,
  };
}

export type EntityForm<V extends { slug: string }> = ReturnType<typeof useEntityForm<V, unknown>>;
