import { CATEGORY_COLORS, CATEGORY_ICONS, DEFAULT_CATEGORY_COLOR } from '@catalyst/contracts';
import { api, readableTextOn, useStrings } from '@catalyst/web-kit';
import { EntityFormLayout } from '../common/EntityFormLayout';
import formStyles from '../common/Form.module.css';
import { GroupFields } from '../common/GroupFields';
import { groupPayload, groupToForm, showGroupPayload, type GroupFormValues } from '../common/groupForm';
import { useEntityForm } from '../common/useEntityForm';
import { formMessageStrings, validateCategory } from '../forms/validation';
import { adminStrings } from '../i18n/en';
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
  const t = useStrings(adminStrings);
  useStrings(formMessageStrings); // the field messages, in the page's language
  const form = useEntityForm({
    listPath: LIST,
    titles: { create: t('categories.add'), edit: t('categories.edit') },
    initialValues: emptyCategory,
    checkId: checkCategoryId,
    loadValues: async (id) => groupToForm(await api.category.adminGet({ params: { id } })),
    loadFailure: categoryLoadFailure,
    slugFollows: 'name',
    toPayload: groupPayload,
    showPayload: showGroupPayload,
    validate: validateCategory,
    save: (payload, id) =>
      id !== undefined
        ? api.category.replace.request({ params: { id: id }, body: payload })
        : api.category.create.request({ body: payload }),
    savedMessage: (isEdit) => t(isEdit ? 'categories.updated' : 'categories.created'),
    saveFailure: categorySaveFailure,
  });
  const { values } = form;

  return (
    <EntityFormLayout
      form={form}
      listPath={LIST}
      backLabel={t('categories.back')}
      loadingMessage={t('categories.loadingOne')}
      submitLabels={{ create: t('categories.create'), edit: t('categories.update') }}
    >
      <GroupFields
        form={form}
        icons={CATEGORY_ICONS}
        colors={CATEGORY_COLORS}
        descriptionRequired
        slugHint={t('categories.slugHint')}
        preview={
          <p className={formStyles.hint}>
            {t('categories.preview')}{' '}
            <span
              className={formStyles.preview}
              style={{ background: values.color, color: readableTextOn(values.color) }}
            >
              {values.icon} {values.name || t('categories.category')}
            </span>
          </p>
        }
      />
    </EntityFormLayout>
  );
}
