import { CATEGORY_COLORS, CATEGORY_ICONS, DEFAULT_CREATOR_COLOR, DEFAULT_CREATOR_ICON } from '@catalyst/contracts';
import { TextField, isApiRequestError } from '@catalyst/web-kit';
import { adminApi } from '../api/adminApi';
import { EntityFormLayout } from '../common/EntityFormLayout';
import formStyles from '../common/Form.module.css';
import { CheckboxField, TextAreaField } from '../common/FormControls';
import { groupPayload, groupToForm, showGroupPayload } from '../common/groupForm';
import { PresetPicker } from '../common/PresetPicker';
import { useEntityForm, type LoadFailure } from '../common/useEntityForm';
import { validateCreator } from '../forms/validation';

const CREATOR_ICONS = [DEFAULT_CREATOR_ICON, ...CATEGORY_ICONS.slice(0, 15)];
const CREATOR_COLORS = [DEFAULT_CREATOR_COLOR, ...CATEGORY_COLORS.filter((c) => c !== DEFAULT_CREATOR_COLOR)];
const LIST = '/admin/creators';

const checkCreatorId = (id: string): LoadFailure | null => (id.length !== 24 ? { message: 'Invalid creator ID format', redirectAfterMs: 2000 } : null);

function loadFailure(error: unknown): LoadFailure {
  if (isApiRequestError(error) && error.status === 404) {
    return { message: 'Creator not found. It may have been deleted. Redirecting to creators list...', redirectAfterMs: 3000 };
  }
  return { message: `Error loading creator: ${error instanceof Error ? error.message : String(error)}` };
}

function saveFailure(error: unknown): string {
  if (isApiRequestError(error) && error.status === 409) return 'A creator with this slug already exists. Please choose a different slug.';
  if (isApiRequestError(error) && error.status === 400) return 'Invalid creator data. Please check your inputs.';
  return (error instanceof Error && error.message) || 'Failed to save creator. Please try again.';
}

/** /admin/creators/new and /admin/creators/:id/edit: the creator form, in the category form's style. */
export function CreatorFormPage() {
  const form = useEntityForm({
    listPath: LIST,
    titles: { create: 'Add Creator', edit: 'Edit Creator' },
    initialValues: { name: '', description: '', slug: '', icon: DEFAULT_CREATOR_ICON, color: DEFAULT_CREATOR_COLOR, isActive: true, sortOrder: '0' },
    checkId: checkCreatorId,
    loadValues: async (id) => groupToForm(await adminApi.getCreator(id)),
    loadFailure,
    slugFollows: 'name',
    toPayload: groupPayload,
    showPayload: showGroupPayload,
    validate: validateCreator,
    save: (payload, id) => (id !== undefined ? adminApi.updateCreator(id, payload) : adminApi.createCreator(payload)),
    savedMessage: (isEdit) => (isEdit ? 'Creator updated successfully!' : 'Creator created successfully!'),
    saveFailure,
  });
  const { values, errors, update } = form;

  return (
    <EntityFormLayout
      form={form}
      listPath={LIST}
      backLabel="Back to Creators"
      loadingMessage="Loading creator..."
      submitLabels={{ create: 'Create Creator', edit: 'Update Creator' }}
    >
      <TextField label="Name" name="name" value={values.name} maxLength={50} error={errors.name} onChange={(e) => update('name', e.target.value)} required />
      <TextAreaField label="Description" name="description" value={values.description} error={errors.description} onChange={(e) => update('description', e.target.value)} />
      <TextField label="Slug" {...form.slugInput} required />
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
    </EntityFormLayout>
  );
}
