import { useState } from 'react';
import { DIFFICULTIES, type AdminProduct } from '@catalyst/contracts';
import { api, Button, isApiRequestError, TextField, useStrings } from '@catalyst/web-kit';
import formStyles from '../common/Form.module.css';
import { EntityFormLayout } from '../common/EntityFormLayout';
import { CheckboxField, SelectField } from '../common/FormControls';
import { TitleFields } from '../common/TitleFields';
import { useEntityForm, type LoadFailure } from '../common/useEntityForm';
import { formMessageStrings, validatePath } from '../forms/validation';
import { adminStrings } from '../i18n/en';
import { kindKeyOf, LEVEL_LABEL_KEYS, PRODUCT_KIND_KEYS } from '../i18n/terms';
import { emptyPath, moveItem, pathPayload, pathToForm, type PathFormItem } from './pathForm';
import styles from './PathFormPage.module.css';

const LIST = '/admin/paths';

const checkPathId = (id: string): LoadFailure | null =>
  id.length !== 24 ? { message: adminStrings.t('paths.invalidIdFormat'), redirectAfterMs: 2000 } : null;

function loadFailure(error: unknown): LoadFailure {
  if (isApiRequestError(error) && error.status === 404)
    return {
      message: adminStrings.t('paths.notFound'),
      redirectAfterMs: 3000,
    };
  return {
    message: adminStrings.t('paths.loadError', {
      reason: error instanceof Error ? error.message : String(error),
    }),
  };
}

function saveFailure(error: unknown): string {
  if (isApiRequestError(error) && error.status === 409) return adminStrings.t('paths.slugConflict');
  return (error instanceof Error && error.message) || adminStrings.t('paths.saveFailed');
}

/** /admin/paths/new and /admin/paths/:id/edit: a path's fields and its items, chosen from the catalogue and put in order. */
export function PathFormPage() {
  const t = useStrings(adminStrings);
  useStrings(formMessageStrings); // the field messages, in the page's language
  const [catalog, setCatalog] = useState<AdminProduct[]>([]);
  const [choice, setChoice] = useState('');
  const form = useEntityForm({
    listPath: LIST,
    titles: { create: t('paths.addTitle'), edit: t('paths.editTitle') },
    initialValues: emptyPath,
    checkId: checkPathId,
    prepare: async (isCurrent) => {
      const page = await api.product.adminList({ query: { limit: 100, sort: 'title' } });
      if (isCurrent()) setCatalog(page.items);
    },
    prepareFailure: (error) => ({
      message: t('paths.catalogueError', { reason: error instanceof Error ? error.message : String(error) }),
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
    savedMessage: (isEdit) => t(isEdit ? 'paths.updated' : 'paths.created'),
    saveFailure,
  });
  const { values, errors, update } = form;
  const chosen = new Set(values.items.map((item) => item.productId));
  const setItems = (items: PathFormItem[]) => update('items', items);
  const kind = (type: string) => {
    const key = kindKeyOf(type);
    return key ? t(key) : type;
  };

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
      backLabel={t('paths.back')}
      loadingMessage={t('paths.loadingOne')}
      submitLabels={{ create: t('paths.create'), edit: t('paths.update') }}
    >
      <TitleFields values={values} errors={errors} update={update} />
      <TextField label={t('common.slug')} hint={t('paths.slugHint')} {...form.slugInput} />
      <div className={formStyles.row}>
        <SelectField
          label={t('paths.level')}
          name="level"
          value={values.level}
          options={DIFFICULTIES.map((level) => ({ value: level, label: t(LEVEL_LABEL_KEYS[level]) }))}
          error={errors.level}
          onChange={(e) => update('level', e.target.value)}
        />
        <TextField
          label={t('paths.estimatedHours')}
          name="estimatedHours"
          inputMode="decimal"
          value={values.estimatedHours}
          error={errors.estimatedHours}
          onChange={(e) => update('estimatedHours', e.target.value)}
          required
        />
      </div>
      <fieldset className={styles.items}>
        <legend className={formStyles.label}>{t('paths.itemsInOrder')}</legend>
        {values.items.length === 0 ? (
          <p className={styles.muted}>{t('paths.noItems')}</p>
        ) : (
          <ol className={styles.list}>
            {values.items.map((item, index) => (
              <li key={item.productId} className={styles.item} data-testid="path-item">
                <span className={styles.itemTitle}>
                  {item.title}{' '}
                  <span className={styles.muted}>
                    {t(item.isPublished ? 'paths.itemKind' : 'paths.itemKindDraft', {
                      type: kind(item.type),
                    })}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={index === 0}
                  aria-label={t('paths.moveUpNamed', { name: item.title })}
                  onClick={() => setItems(moveItem(values.items, index, index - 1))}
                >
                  {t('paths.moveUp')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={index === values.items.length - 1}
                  aria-label={t('paths.moveDownNamed', { name: item.title })}
                  onClick={() => setItems(moveItem(values.items, index, index + 1))}
                >
                  {t('paths.moveDown')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('paths.removeNamed', { name: item.title })}
                  onClick={() => setItems(values.items.filter((_, i) => i !== index))}
                >
                  {t('paths.remove')}
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
            label={t('paths.toAdd')}
            name="product"
            value={choice}
            placeholder={t('paths.choose')}
            options={catalog
              .filter((p) => !chosen.has(p._id))
              .map((p) => ({
                value: p._id,
                label: t('paths.choice', { title: p.title, type: t(PRODUCT_KIND_KEYS[p.type]) }),
              }))}
            onChange={(e) => setChoice(e.target.value)}
          />
          <Button variant="secondary" disabled={!choice} onClick={add}>
            {t('paths.addToPath')}
          </Button>
        </div>
      </fieldset>
      <CheckboxField
        label={t('paths.published')}
        checked={values.isPublished}
        onChange={(checked) => update('isPublished', checked)}
      />
    </EntityFormLayout>
  );
}
