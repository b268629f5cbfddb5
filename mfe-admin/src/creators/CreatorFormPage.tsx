import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CATEGORY_COLORS, CATEGORY_ICONS, DEFAULT_CREATOR_COLOR, DEFAULT_CREATOR_ICON, type CreatorValues } from '@catalyst/contracts';
import { Alert, Button, Spinner, TextField, buttonClassName, isApiRequestError, useDocumentTitle } from '@catalyst/web-kit';
import { adminApi } from '../api/adminApi';
import styles from '../common/Admin.module.css';
import formStyles from '../common/Form.module.css';
import { CheckboxField, TextAreaField } from '../common/FormControls';
import { PresetPicker } from '../common/PresetPicker';
import { useRedirectAfter } from '../common/useLoadFailureRedirect';
import { normaliseSlug, normaliseSlugWhileTyping, validateCreator, type FieldErrors } from '../forms/validation';

interface CreatorFormValues {
  name: string;
  description: string;
  slug: string;
  icon: string;
  color: string;
  isActive: boolean;
  sortOrder: string;
}

const CREATOR_ICONS = [DEFAULT_CREATOR_ICON, ...CATEGORY_ICONS.slice(0, 15)];
const CREATOR_COLORS = [DEFAULT_CREATOR_COLOR, ...CATEGORY_COLORS.filter((c) => c !== DEFAULT_CREATOR_COLOR)];
const LIST = '/admin/creators';

export function creatorPayload(values: CreatorFormValues): CreatorValues {
  const sortOrder = Number.parseInt(values.sortOrder, 10);
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    slug: normaliseSlug(values.slug),
    icon: values.icon,
    color: values.color,
    isActive: values.isActive,
    sortOrder: Number.isNaN(sortOrder) ? 0 : sortOrder,
  };
}

function saveFailure(error: unknown): string {
  if (isApiRequestError(error) && error.status === 409) return 'A creator with this slug already exists. Please choose a different slug.';
  if (isApiRequestError(error) && error.status === 400) return 'Invalid creator data. Please check your inputs.';
  return (error instanceof Error && error.message) || 'Failed to save creator. Please try again.';
}

/** /admin/creators/new and /admin/creators/:id/edit: the creator form, in the category form's style. */
export function CreatorFormPage() {
  const { id } = useParams();
  const isEdit = id !== undefined;
  useDocumentTitle(isEdit ? 'Edit Creator' : 'Add Creator');
  const navigate = useNavigate();
  const [values, setValues] = useState<CreatorFormValues>({
    name: '',
    description: '',
    slug: '',
    icon: DEFAULT_CREATOR_ICON,
    color: DEFAULT_CREATOR_COLOR,
    isActive: true,
    sortOrder: '0',
  });
  const [slugTouched, setSlugTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState(isEdit);
  const [loadFailure, setLoadFailure] = useState<{ message: string; redirectAfterMs?: number } | null>(null);
  useRedirectAfter(loadFailure?.redirectAfterMs, LIST);

  useEffect(() => {
    if (!isEdit) return;
    if (id.length !== 24) {
      setLoadFailure({ message: 'Invalid creator ID format', redirectAfterMs: 2000 });
      setLoading(false);
      return;
    }
    let cancelled = false;
    adminApi
      .getCreator(id)
      .then((creator) => {
        if (cancelled) return;
        setValues({ ...creator, sortOrder: String(creator.sortOrder) });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (isApiRequestError(error) && error.status === 404) {
          setLoadFailure({ message: 'Creator not found. It may have been deleted. Redirecting to creators list...', redirectAfterMs: 3000 });
        } else {
          setLoadFailure({ message: `Error loading creator: ${error instanceof Error ? error.message : String(error)}` });
        }
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [id, isEdit]);

  function update<K extends keyof CreatorFormValues>(field: K, value: CreatorFormValues[K]) {
    const followsName = field === 'name' && !isEdit && !slugTouched;
    setValues((current) => ({ ...current, [field]: value, ...(followsName ? { slug: normaliseSlug(String(value)) } : {}) }));
    const cleared: string[] = followsName ? ['name', 'slug'] : [field];
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key))));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaveError(null);
    const payload = creatorPayload(values);
    setValues((current) => ({ ...current, ...payload, sortOrder: String(payload.sortOrder) }));
    const found = validateCreator(payload);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if (isEdit) await adminApi.updateCreator(id, payload);
      else await adminApi.createCreator(payload);
      navigate(LIST, { state: { flash: isEdit ? 'Creator updated successfully!' : 'Creator created successfully!' } });
    } catch (error) {
      setSaveError(saveFailure(error));
      if (isApiRequestError(error)) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
      setSaving(false);
    }
  }

  const title = isEdit ? 'Edit Creator' : 'Add Creator';
  if (loading) return <Spinner message="Loading creator..." />;
  if (loadFailure) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{title}</h1>
        <Alert tone="danger">{loadFailure.message}</Alert>
        <div>
          <Link className={buttonClassName('secondary')} to={LIST}>
            Back to Creators
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <Link className={buttonClassName('secondary')} to={LIST}>
          Back to Creators
        </Link>
      </header>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        {saveError ? <Alert tone="danger">{saveError}</Alert> : null}
        <TextField label="Name" name="name" value={values.name} maxLength={50} error={errors.name} onChange={(e) => update('name', e.target.value)} required />
        <TextAreaField label="Description" name="description" value={values.description} error={errors.description} onChange={(e) => update('description', e.target.value)} />
        <TextField
          label="Slug"
          name="slug"
          value={values.slug}
          error={errors.slug}
          onChange={(e) => {
            setSlugTouched(true);
            update('slug', normaliseSlugWhileTyping(e.target.value));
          }}
          onBlur={() => setValues((current) => ({ ...current, slug: normaliseSlug(current.slug) }))}
          required
        />
        <PresetPicker legend="Icon" kind="icon" presets={CREATOR_ICONS} value={values.icon} onChange={(icon) => update('icon', icon)} />
        <PresetPicker legend="Colour" kind="color" presets={CREATOR_COLORS} value={values.color} onChange={(color) => update('color', color)} />
        <div className={formStyles.row}>
          <TextField
            label="Sort order"
            name="sortOrder"
            type="number"
            min={0}
            step={1}
            value={values.sortOrder}
            error={errors.sortOrder}
            onChange={(e) => update('sortOrder', e.target.value)}
          />
        </div>
        <div className={formStyles.checks}>
          <CheckboxField label="Active" checked={values.isActive} onChange={(checked) => update('isActive', checked)} />
        </div>
        <div className={formStyles.buttons}>
          <Link className={buttonClassName('secondary')} to={LIST}>
            Cancel
          </Link>
          <Button type="submit" loading={saving}>
            {isEdit ? 'Update Creator' : 'Create Creator'}
          </Button>
        </div>
      </form>
    </section>
  );
}
