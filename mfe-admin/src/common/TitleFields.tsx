import { TextField, useStrings } from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';
import { TextAreaField } from './FormControls';
import type { FieldErrors } from '../forms/validation';

export interface TitleFieldsProps {
  values: { title: string; description: string };
  errors: FieldErrors;
  update: (field: 'title' | 'description', value: string) => void;
}

/** A title (at most 200 characters) and a description, both required: the product and learning path forms' first fields. */
export function TitleFields({ values, errors, update }: TitleFieldsProps) {
  const t = useStrings(adminStrings);
  return (
    <>
      <TextField
        label={t('common.title')}
        name="title"
        value={values.title}
        maxLength={200}
        error={errors.title}
        onChange={(e) => update('title', e.target.value)}
        required
      />
      <TextAreaField
        label={t('common.description')}
        name="description"
        value={values.description}
        error={errors.description}
        onChange={(e) => update('description', e.target.value)}
        required
      />
    </>
  );
}
