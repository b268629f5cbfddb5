import { useState } from 'react';
import { DIFFICULTIES, type AdminProduct } from '@catalyst/contracts';
import { api, Button, isApiRequestError, TextField } from '@catalyst/web-kit';
import formStyles from '../common/Form.module.css';
import { EntityFormLayout } from '../common/EntityFormLayout';
import { CheckboxField, SelectField } from '../common/FormControls';
import { TitleFields } from '../common/TitleFields';
import { useEntityForm, type LoadFailure } from '../common/useEntityForm';
import { validatePath } from '../forms/validation';
import { emptyPath, moveItem, pathPayload, pathToForm, type PathFormItem } from './pathForm';
import styles from './PathFormPage.module.css';

const LIST = '/admin/paths';
const LEVEL_OPTIONS = DIFFICULTIES.map((level) => ({
  value: level,
  label: level[0]!.toUpperCase() + level.slice(1),
}));

const checkPathId = (id: string): LoadFailure | null =>
  id.length !== 24 ? { message: 'Invalid path ID format', redirectAfterMs: 2000 } : null;

function loadFailure(error: unknown): LoadFailure {
  if (isApiRequestError(error) && error.status === 404)
    return {
      message: 'Path not found. It may have been deleted. Redirecting to paths list...',
      redirectAfterMs: 3000,
    };
  return { message: `Error loading path: ${error instanceof Error ? error.message : String(error)}` };
}

function saveFailure(error: unknown): string {
  if (isApiRequestError(error) && error.status === 409)
    return 'A path with this slug already exists. Please choose a different slug.';
  return (error instanceof Error && error.message) || 'Failed to save path. Please try again.';
}

/** /admin/paths/new and /admin/paths/:id/edit: a path's fields and its items, chosen from the catalogue and put in order. */
export function PathFormPage() {
  const [catalog, setCatalog] = useState<AdminProduct[]>([]);
  const [choice, setChoice] = useState('');
  const form = useEntityForm({
    listPath: LIST,
    titles: { create: 'Add Learning Path', edit: 'Edit Learning Path' },
    initialValues: emptyPath,
    checkId: checkPathId,
    prepare: async (isCurrent) => {
      const page = await api.product.adminList({ query: { limit: 100, sort: 'title' } });
      if (isCurrent()) setCatalog(page.items);
    },
    prepareFailure: (error) => ({
      message: `Error loading the catalogue: ${error instanceof Error ? error.message : String(error)}`,
    }),
    loadValues: async (id) => pathToForm(await api.path.adminGet({ params: { id } })),
    loadFailure,
    slugFollows: 'title',
    toPayload: pathPayload,
    validate: validatePath,
    save: (payload, id) =>
      id !== undefined
        ? api.path.replace.request({ params: { id }, body: payload })
        : api.path.create.request({ body: payload }),
    savedMessage: (isEdit) => (isEdit ? 'Path updated successfully!' : 'Path created successfully!'),
    saveFailure,
  });
  const { values, errors, update } = form;
  const chosen = new Set(values.items.map((item) => item.productId));
  const setItems = (items: PathFormItem[]) => update('items', items);

  const add = () => {
    const product = catalog.find((p) => p._id === choice);
    if (!product || chosen.has(product._id)) return;
    setItems([
      ...values.items,
      { productId: product._id, title: product.title, type: product.type, isPublished: product.isPublished },
    ]);
    setChoice('');
  };

  return (
    <EntityFormLayout
      form={form}
      listPath={LIST}
      backLabel="Back to Paths"
      loadingMessage="Loading path..."
      submitLabels={{ create: 'Create Path', edit: 'Update Path' }}
    >
      <TitleFields values={values} errors={errors} update={update} />
      <TextField label="Slug" hint="Blank: made from the title" {...form.slugInput} />
      <div className={formStyles.row}>
        <SelectField
          label="Level"
          name="level"
          value={values.level}
          options={LEVEL_OPTIONS}
          error={errors.level}
          onChange={(e) => update('level', e.target.value)}
        />
        <TextField
          label="Estimated hours"
          name="estimatedHours"
          inputMode="decimal"
          value={values.estimatedHours}
          error={errors.estimatedHours}
          onChange={(e) => update('estimatedHours', e.target.value)}
          required
        />
      </div>
      <fieldset className={styles.items}>
        <legend className={formStyles.label}>Items, in order</legend>
        {values.items.length === 0 ? (
          <p className={styles.muted}>No items yet: add products and courses from the catalogue below.</p>
        ) : (
          <ol className={styles.list}>
            {values.items.map((item, index) => (
              <li key={item.productId} className={styles.item} data-testid="path-item">
                <span className={styles.itemTitle}>
                  {item.title}{' '}
                  <span className={styles.muted}>
                    ({item.type}
                    {item.isPublished ? '' : ', draft'})
                  </span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={index === 0}
                  aria-label={`Move ${item.title} up`}
                  onClick={() => setItems(moveItem(values.items, index, index - 1))}
                >
                  Move up
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={index === values.items.length - 1}
                  aria-label={`Move ${item.title} down`}
                  onClick={() => setItems(moveItem(values.items, index, index + 1))}
                >
                  Move down
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${item.title}`}
                  onClick={() => setItems(values.items.filter((_, i) => i !== index))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ol>
        )}
        {errors.items ? (
          <p className={formStyles.error} role="alert">
            {errors.items}
          </p>
        ) : null}
        <div className={styles.add}>
          <SelectField
            label="Product or course to add"
            name="product"
            value={choice}
            placeholder="Choose from the catalogue"
            options={catalog
              .filter((p) => !chosen.has(p._id))
              .map((p) => ({ value: p._id, label: `${p.title} (${p.type})` }))}
            onChange={(e) => setChoice(e.target.value)}
          />
          <Button variant="secondary" disabled={!choice} onClick={add}>
            Add to path
          </Button>
        </div>
      </fieldset>
      <CheckboxField
        label="Published (shown under Browse → Paths)"
        checked={values.isPublished}
        onChange={(checked) => update('isPublished', checked)}
      />
    </EntityFormLayout>
  );
}
