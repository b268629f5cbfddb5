import { CATEGORY_COLORS, CATEGORY_ICONS, DEFAULT_CATEGORY_COLOR, adminMessages } from '@catalyst/contracts';
import { TextField } from '@catalyst/web-kit';
import { adminApi } from '../api/adminApi';
import { EntityFormLayout } from '../common/EntityFormLayout';
import formStyles from '../common/Form.module.css';
import { CheckboxField, TextAreaField } from '../common/FormControls';
import { groupPayload, groupToForm, showGroupPayload, type GroupFormValues } from '../common/groupForm';
import { PresetPicker } from '../common/PresetPicker';
import { useEntityForm } from '../common/useEntityForm';
import { validateCategory } from '../forms/validation';
import { categoryLoadFailure, categorySaveFailure, checkCategoryId } from './categoryMessages';

const emptyCategory: GroupFormValues = {
  name: '',
  description: '',
  slug: '',
  icon: CATEGORY_ICONS[0],
  color: DEFAULT_CATEGORY_COLOR,
  isActive: true,
  sortOrder: '0',
};

const LIST = '/admin/categories';

/** /admin/categories/new and /admin/categories/:id/edit: the one shared category form. */
export function CategoryFormPage() {
  const form = useEntityForm({
    listPath: LIST,
    titles: { create: 'Add Category', edit: 'Edit Category' },
    initialValues: emptyCategory,
    checkId: checkCategoryId,
    loadValues: async (id) => groupToForm(await adminApi.getCategory(id)),
    loadFailure: categoryLoadFailure,
    slugFollows: 'name',
    toPayload: groupPayload,
    showPayload: showGroupPayload,
    validate: validateCategory,
    save: (payload, id) => (id !== undefined ? adminApi.updateCategory(id, payload) : adminApi.createCategory(payload)),
    savedMessage: (isEdit) => (isEdit ? adminMessages.categoryUpdated : adminMessages.categoryCreated),
    saveFailure: categorySaveFailure,
  });
  const { values, errors, update } = form;

  return (
    <EntityFormLayout
      form={form}
      listPath={LIST}
      backLabel="Back to Categories"
      loadingMessage="Loading category..."
      submitLabels={{ create: 'Create Category', edit: 'Update Category' }}
    >
      <TextField label="Name" name="name" value={values.name} maxLength={50} error={errors.name} onChange={(e) => update('name', e.target.value)} required />
      <TextAreaField
        label="Description"
        name="description"
        value={values.description}
        error={errors.description}
        onChange={(e) => update('description', e.target.value)}
        required
      />
      <TextField label="Slug" hint="Lowercase letters, numbers and hyphens; used in the category's address." {...form.slugInput} required />
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
    </EntityFormLayout>
  );
}
