import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DIFFICULTIES, type AdminCategory, type AdminCreator } from '@catalyst/contracts';
import { Alert, Button, Spinner, TextField, buttonClassName, isApiRequestError, useDocumentTitle } from '@catalyst/web-kit';
import { adminApi } from '../api/adminApi';
import styles from '../common/Admin.module.css';
import formStyles from '../common/Form.module.css';
import { CheckboxField, SelectField, TextAreaField } from '../common/FormControls';
import { normaliseSlug, normaliseSlugWhileTyping, validateProduct, type FieldErrors } from '../forms/validation';
import { FORM_PRODUCT_TYPES, emptyProduct, productPayload, productToForm, type ProductFormValues } from './productForm';

const LIST = '/admin/products';
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** /admin/products/new and /admin/products/:id/edit: the one shared product form. */
export function ProductFormPage() {
  const { id } = useParams();
  const isEdit = id !== undefined;
  useDocumentTitle(isEdit ? 'Edit Product' : 'Add Product');
  const navigate = useNavigate();
  const [values, setValues] = useState<ProductFormValues>(emptyProduct);
  const [categories, setCategories] = useState<AdminCategory[]>([]);
  const [creators, setCreators] = useState<AdminCreator[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    Promise.all([adminApi.listCategories(), adminApi.listCreators()])
      .then(async ([categoryList, creatorList]) => {
        if (cancelled) return;
        setCategories(categoryList);
        setCreators(creatorList);
        if (!isEdit) return;
        try {
          const product = await adminApi.getProduct(id);
          if (!cancelled) setValues(productToForm(product));
        } catch (error) {
          if (!cancelled) setLoadError(`Error loading product: ${errorText(error)}`);
        }
      })
      .catch((error: unknown) => !cancelled && setLoadError(`Failed to load data: ${errorText(error)}`))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [id, isEdit]);

  function update<K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaveError(null);
    const payload = productPayload(values);
    const found = validateProduct(payload);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const result = isEdit ? await adminApi.updateProduct(id, payload) : await adminApi.createProduct(payload);
      navigate(LIST, { state: { flash: result.message ?? (isEdit ? 'Product updated successfully!' : 'Product created successfully!') } });
    } catch (error) {
      // The spec shows the server's own message on a failed save.
      setSaveError(errorText(error));
      if (isApiRequestError(error)) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
      setSaving(false);
    }
  }

  const title = isEdit ? 'Edit Product' : 'Add Product';
  if (loading) return <Spinner message="Loading product..." />;
  if (loadError) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{title}</h1>
        <Alert tone="danger">{loadError}</Alert>
        <div>
          <Link className={buttonClassName('secondary')} to={LIST}>
            Back to Products
          </Link>
        </div>
      </section>
    );
  }

  const typeOptions = (FORM_PRODUCT_TYPES.includes(values.type) ? FORM_PRODUCT_TYPES : [...FORM_PRODUCT_TYPES, values.type]).map((t) => ({
    value: t,
    label: capitalise(t),
  }));
  const inactiveSuffix = (active: boolean) => (active ? '' : ' (inactive)');

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <Link className={buttonClassName('secondary')} to={LIST}>
          Back to Products
        </Link>
      </header>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        {saveError ? <Alert tone="danger">{saveError}</Alert> : null}
        <TextField label="Title" name="title" value={values.title} maxLength={200} error={errors.title} onChange={(e) => update('title', e.target.value)} required />
        <TextAreaField label="Description" name="description" value={values.description} error={errors.description} onChange={(e) => update('description', e.target.value)} required />
        <TextAreaField
          label="Content (HTML)"
          name="content"
          code
          value={values.content}
          error={errors.content}
          hint="Formatting, lists, links and images are kept; scripts and event handlers are removed on save."
          onChange={(e) => update('content', e.target.value)}
        />
        <div className={formStyles.row}>
          <SelectField
            label="Category"
            name="category"
            value={values.category}
            error={errors.category}
            placeholder="Select a category"
            options={categories.map((c) => ({ value: c._id, label: `${c.name}${inactiveSuffix(c.isActive)}` }))}
            onChange={(e) => update('category', e.target.value)}
            required
          />
          <SelectField
            label="Creator"
            name="creator"
            value={values.creator}
            error={errors.creator}
            placeholder="Select a creator"
            options={creators.map((c) => ({ value: c._id, label: `${c.name}${inactiveSuffix(c.isActive)}` }))}
            onChange={(e) => update('creator', e.target.value)}
            required
          />
        </div>
        <div className={formStyles.row}>
          <SelectField label="Type" name="type" value={values.type} error={errors.type} options={typeOptions} onChange={(e) => update('type', e.target.value as ProductFormValues['type'])} />
          <SelectField
            label="Difficulty"
            name="difficulty"
            value={values.difficulty}
            error={errors.difficulty}
            options={DIFFICULTIES.map((d) => ({ value: d, label: capitalise(d) }))}
            onChange={(e) => update('difficulty', e.target.value as ProductFormValues['difficulty'])}
          />
          <TextField label="Duration (minutes)" name="duration" type="number" min={1} value={values.duration} error={errors.duration} onChange={(e) => update('duration', e.target.value)} />
        </div>
        <div className={formStyles.row}>
          <TextField label="Thumbnail URL" name="thumbnail" type="url" value={values.thumbnail} error={errors.thumbnail} onChange={(e) => update('thumbnail', e.target.value)} />
          <TextField label="Video URL" name="videoUrl" type="url" value={values.videoUrl} error={errors.videoUrl} onChange={(e) => update('videoUrl', e.target.value)} />
        </div>
        <TextField label="Tags" name="tags" value={values.tags} error={errors.tags} hint="Separate tags with commas." onChange={(e) => update('tags', e.target.value)} />
        <div className={formStyles.row}>
          <TextField label="Price (USD)" name="price" type="number" min={0} step="0.01" value={values.price} error={errors.price} hint="0 is shown as Free." onChange={(e) => update('price', e.target.value)} />
          <TextField label="Instructor" name="instructor" value={values.instructor} error={errors.instructor} onChange={(e) => update('instructor', e.target.value)} />
          <TextField label="Sort order" name="sortOrder" type="number" min={0} step={1} value={values.sortOrder} error={errors.sortOrder} onChange={(e) => update('sortOrder', e.target.value)} />
        </div>
        <TextField
          label="Slug"
          name="slug"
          value={values.slug}
          error={errors.slug}
          hint={isEdit ? 'Changing it changes the product’s address.' : 'Leave blank to generate it from the title.'}
          onChange={(e) => update('slug', normaliseSlugWhileTyping(e.target.value))}
          onBlur={() => setValues((current) => ({ ...current, slug: normaliseSlug(current.slug) }))}
        />
        <div className={formStyles.checks}>
          <CheckboxField label="Active" checked={values.isActive} onChange={(checked) => update('isActive', checked)} />
          <CheckboxField label="Published" checked={values.isPublished} onChange={(checked) => update('isPublished', checked)} />
          <CheckboxField label="Featured" checked={values.isFeatured} onChange={(checked) => update('isFeatured', checked)} />
        </div>
        <div className={formStyles.buttons}>
          <Link className={buttonClassName('secondary')} to={LIST}>
            Cancel
          </Link>
          <Button type="submit" loading={saving}>
            {isEdit ? 'Update Product' : 'Create Product'}
          </Button>
        </div>
      </form>
    </section>
  );
}
