import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CATEGORY_COLORS, CATEGORY_ICONS, DEFAULT_CATEGORY_COLOR, adminMessages, type CategoryValues } from '@catalyst/contracts';
import { Alert, Button, Spinner, TextField, buttonClassName, isApiRequestError, useDocumentTitle } from '@catalyst/web-kit';
import { adminApi } from '../api/adminApi';
import styles from '../common/Admin.module.css';
import formStyles from '../common/Form.module.css';
import { CheckboxField, TextAreaField } from '../common/FormControls';
import { PresetPicker } from '../common/PresetPicker';
import { useRedirectAfter } from '../common/useLoadFailureRedirect';
import { normaliseSlug, normaliseSlugWhileTyping, validateCategory, type FieldErrors } from '../forms/validation';
import { categoryLoadFailure, categorySaveFailure, checkCategoryId, type LoadFailure } from './categoryMessages';

interface CategoryFormValues {
  name: string;
  description: string;
  slug: string;
  icon: string;
  color: string;
  isActive: boolean;
  sortOrder: string;
}

const emptyCategory: CategoryFormValues = {
  name: '',
  description: '',
  slug: '',
  icon: CATEGORY_ICONS[0],
  color: DEFAULT_CATEGORY_COLOR,
  isActive: true,
  sortOrder: '0',
};

/** What is sent on save: trimmed text, the slug normalised, sortOrder as an integer (0 when empty). */
export function categoryPayload(values: CategoryFormValues): CategoryValues {
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

const LIST = '/admin/categories';

/** /admin/categories/new and /admin/categories/:id/edit: the one shared category form. */
export function CategoryFormPage() {
  const { id } = useParams();
  const isEdit = id !== undefined;
  useDocumentTitle(isEdit ? 'Edit Category' : 'Add Category');
  const navigate = useNavigate();
  const [values, setValues] = useState<CategoryFormValues>(emptyCategory);
  const [slugTouched, setSlugTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState(isEdit);
  const [loadFailure, setLoadFailure] = useState<LoadFailure | null>(null);
  useRedirectAfter(loadFailure?.redirectAfterMs, LIST);

  useEffect(() => {
    if (!isEdit) return;
    const invalid = checkCategoryId(id);
    if (invalid) {
      setLoadFailure(invalid);
      setLoading(false);
      return;
    }
    let cancelled = false;
    adminApi
      .getCategory(id)
      .then((category) => {
        if (cancelled) return;
        setValues({
          name: category.name,
          description: category.description,
          slug: category.slug,
          icon: category.icon,
          color: category.color,
          isActive: category.isActive,
          sortOrder: String(category.sortOrder),
        });
      })
      .catch((error: unknown) => !cancelled && setLoadFailure(categoryLoadFailure(error)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [id, isEdit]);

  function update<K extends keyof CategoryFormValues>(field: K, value: CategoryFormValues[K]) {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // On create the slug follows the name until the admin edits the slug itself.
      if (field === 'name' && !isEdit && !slugTouched) next.slug = normaliseSlug(String(value));
      return next;
    });
    // A field's error clears when that field (or the slug it drives) is edited.
    const cleared: string[] = field === 'name' && !isEdit && !slugTouched ? ['name', 'slug'] : [field];
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key))));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaveError(null);
    const payload = categoryPayload(values);
    setValues((current) => ({ ...current, ...payload, sortOrder: String(payload.sortOrder) }));
    const found = validateCategory(payload);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if (isEdit) await adminApi.updateCategory(id, payload);
      else await adminApi.createCategory(payload);
      navigate(LIST, { state: { flash: isEdit ? adminMessages.categoryUpdated : adminMessages.categoryCreated } });
    } catch (error) {
      setSaveError(categorySaveFailure(error));
      if (isApiRequestError(error)) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
      setSaving(false);
    }
  }

  const title = isEdit ? 'Edit Category' : 'Add Category';
  if (loading) return <Spinner message="Loading category..." />;
  if (loadFailure) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{title}</h1>
        <Alert tone="danger">{loadFailure.message}</Alert>
        <div>
          <Link className={buttonClassName('secondary')} to={LIST}>
            Back to Categories
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
          Back to Categories
        </Link>
      </header>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        {saveError ? <Alert tone="danger">{saveError}</Alert> : null}
        <TextField label="Name" name="name" value={values.name} maxLength={50} error={errors.name} onChange={(e) => update('name', e.target.value)} required />
        <TextAreaField
          label="Description"
          name="description"
          value={values.description}
          error={errors.description}
          onChange={(e) => update('description', e.target.value)}
          required
        />
        <TextField
          label="Slug"
          name="slug"
          value={values.slug}
          error={errors.slug}
          hint="Lowercase letters, numbers and hyphens; used in the category's address."
          onChange={(e) => {
            setSlugTouched(true);
            update('slug', normaliseSlugWhileTyping(e.target.value));
          }}
          onBlur={() => setValues((current) => ({ ...current, slug: normaliseSlug(current.slug) }))}
          required
        />
        <PresetPicker legend="Icon" kind="icon" presets={CATEGORY_ICONS} value={values.icon} onChange={(icon) => update('icon', icon)} />
        <PresetPicker legend="Colour" kind="color" presets={CATEGORY_COLORS} value={values.color} onChange={(color) => update('color', color)} />
        <p className={formStyles.hint}>
          Preview:{' '}
          <span className={formStyles.preview} style={{ background: values.color }}>
            {values.icon} {values.name || 'Category'}
          </span>
        </p>
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
            {isEdit ? 'Update Category' : 'Create Category'}
          </Button>
        </div>
      </form>
    </section>
  );
}
