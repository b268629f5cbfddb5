import type { ReactNode } from 'react';
import { TextField } from '@catalyst/web-kit';
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
  const { values, errors, update } = form;
  return (
    <>
      <TextField
        label="Name"
        name="name"
        value={values.name}
        maxLength={50}
        error={errors.name}
        onChange={(e) => update('name', e.target.value)}
        required
      />
      <TextAreaField
        label="Description"
        name="description"
        value={values.description}
        error={errors.description}
        onChange={(e) => update('description', e.target.value)}
        required={descriptionRequired}
      />
      <TextField label="Slug" hint={slugHint} {...form.slugInput} required />
      <PresetPicker
        legend="Icon"
        kind="icon"
        presets={icons}
        value={values.icon}
        onChange={(icon) => update('icon', icon)}
      />
      <PresetPicker
        legend="Colour"
        kind="color"
        presets={colors}
        value={values.color}
        onChange={(color) => update('color', color)}
      />
      {preview}
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
        <CheckboxField
          label="Active"
          checked={values.isActive}
          onChange={(checked) => update('isActive', checked)}
        />
      </div>
    </>
  );
}
