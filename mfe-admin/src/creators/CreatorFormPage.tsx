import {
  CATEGORY_COLORS,
  CATEGORY_ICONS,
  DEFAULT_CREATOR_COLOR,
  DEFAULT_CREATOR_ICON,
} from '@catalyst/contracts';
import { useParams } from 'react-router-dom';
import { api, isApiRequestError, useStrings } from '@catalyst/web-kit';
import { EntityFormLayout } from '../common/EntityFormLayout';
import { GroupFields } from '../common/GroupFields';
import { groupPayload, groupToForm, showGroupPayload } from '../common/groupForm';
import { useEntityForm, type LoadFailure } from '../common/useEntityForm';
import { formMessageStrings, validateCreator } from '../forms/validation';
import { adminStrings } from '../i18n/en';
import { CreatorAccountsCard } from './CreatorAccountsCard';

const CREATOR_ICONS = [DEFAULT_CREATOR_ICON, ...CATEGORY_ICONS.slice(0, 15)];
const CREATOR_COLORS = [DEFAULT_CREATOR_COLOR, ...CATEGORY_COLORS.filter((c) => c !== DEFAULT_CREATOR_COLOR)];
const LIST = '/admin/creators';

const checkCreatorId = (id: string): LoadFailure | null =>
  id.length !== 24 ? { message: adminStrings.t('creators.invalidIdFormat'), redirectAfterMs: 2000 } : null;

function loadFailure(error: unknown): LoadFailure {
  if (isApiRequestError(error) && error.status === 404) {
    return {
      message: adminStrings.t('creators.notFound'),
      redirectAfterMs: 3000,
    };
  }
  return {
    message: adminStrings.t('creators.loadError', {
      reason: error instanceof Error ? error.message : String(error),
    }),
  };
}

function saveFailure(error: unknown): string {
  if (isApiRequestError(error) && error.status === 409) return adminStrings.t('creators.slugConflict');
  if (isApiRequestError(error) && error.status === 400) return adminStrings.t('creators.invalid');
  return (error instanceof Error && error.message) || adminStrings.t('creators.saveFailed');
}

/** /admin/creators/new and /admin/creators/:id/edit: the creator form, in the category form's style. */
export function CreatorFormPage() {
  const t = useStrings(adminStrings);
  useStrings(formMessageStrings); // the field messages, in the page's language
  const { id } = useParams();
  const form = useEntityForm({
    listPath: LIST,
    titles: { create: t('creators.add'), edit: t('creators.edit') },
    initialValues: {
      name: '',
      description: '',
      slug: '',
      icon: DEFAULT_CREATOR_ICON,
      color: DEFAULT_CREATOR_COLOR,
      isActive: true,
      sortOrder: '0',
    },
    checkId: checkCreatorId,
    loadValues: async (id) => groupToForm(await api.creator.adminGet({ params: { id } })),
    loadFailure,
    slugFollows: 'name',
    toPayload: groupPayload,
    showPayload: showGroupPayload,
    validate: validateCreator,
    save: (payload, id) =>
      id !== undefined
        ? api.creator.replace.request({ params: { id: id }, body: payload })
        : api.creator.create.request({ body: payload }),
    savedMessage: (isEdit) => t(isEdit ? 'creators.updated' : 'creators.created'),
    saveFailure,
  });

  return (
    <>
      <EntityFormLayout
        form={form}
        listPath={LIST}
        backLabel={t('creators.back')}
        loadingMessage={t('creators.loadingOne')}
        submitLabels={{ create: t('creators.create'), edit: t('creators.update') }}
      >
        <GroupFields form={form} icons={CREATOR_ICONS} colors={CREATOR_COLORS} />
      </EntityFormLayout>
      {id !== undefined && checkCreatorId(id) === null ? <CreatorAccountsCard creatorId={id} /> : null}
    </>
  );
}
