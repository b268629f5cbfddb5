import type { ReactNode } from 'react';
import { TextField, useStrings } from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';
import formStyles from './Form.module.css';
import { CheckboxField, TextAreaField } from './FormControls';
import type { GroupFormValues } from './groupForm';
import { PresetPicker } from './PresetPicker';
import type { EntityForm } from './useEntityForm';

export interface GroupFieldsProps {
  form: Pick<EntityForm<GroupFormValues>, 'values' | 'errors' | 'update' | 'slugInput'>;
  icons: readonly string[];
  colors: readonly string[];
  descriptionRequired?: boolean;
  slugHint?: string;
  /** Shown after the colour choice (the category form's preview). */
  preview?: ReactNode;
}

/** The fields of the category and creator forms: name, description, slug, icon, colour, sort order and active. */
export function GroupFields({
  form,
  icons,
  colors,
  descriptionRequired = false,
  slugHint,
  preview,
}: GroupFieldsProps) {
  const t = useStrings(adminStrings);
  const { values, errors, update } = form;
  return (
    <>
      <TextField
        label={t('common.name')}
        name="name"
        value={values.name}
        maxLength={50}
        error={errors.name}
        onChange={(e) => update('name', e.target.value)}
        required
      />
      <TextAreaField
        label={t('common.description')}
        name="description"
        value={values.description}
        error={errors.description}
        onChange={(e) => update('description', e.target.value)}
        required={descriptionRequired}
      />
      <TextField label={t('common.slug')} hint={slugHint} {...form.slugInput} required />
      <PresetPicker
        legend={t('common.icon')}
        kind="icon"
        presets={icons}
        value={values.icon}
        onChange={(icon) => update('icon', icon)}
      />
      <PresetPicker
        legend={t('common.colour')}
        kind="color"
        presets={colors}
        value={values.color}
        onChange={(color) => update('color', color)}
      />
      {preview}
      <div className={formStyles.row}>
        <TextField
          label={t('common.sortOrder')}
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
        <CheckboxField
          label={t('common.active')}
          checked={values.isActive}
          onChange={(checked) => update('isActive', checked)}
        />
      </div>
    </>
  );
}
