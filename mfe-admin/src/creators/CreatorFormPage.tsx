import {
  CATEGORY_COLORS,
  CATEGORY_ICONS,
  DEFAULT_CREATOR_COLOR,
  DEFAULT_CREATOR_ICON,
} from '@catalyst/contracts';
import { useParams } from 'react-router-dom';
import { api, isApiRequestError } from '@catalyst/web-kit';
import { EntityFormLayout } from '../common/EntityFormLayout';
import { GroupFields } from '../common/GroupFields';
import { groupPayload, groupToForm, showGroupPayload } from '../common/groupForm';
import { useEntityForm, type LoadFailure } from '../common/useEntityForm';
import { validateCreator } from '../forms/validation';
import { CreatorAccountsCard } from './CreatorAccountsCard';

const CREATOR_ICONS = [DEFAULT_CREATOR_ICON, ...CATEGORY_ICONS.slice(0, 15)];
const CREATOR_COLORS = [DEFAULT_CREATOR_COLOR, ...CATEGORY_COLORS.filter((c) => c !== DEFAULT_CREATOR_COLOR)];
const LIST = '/admin/creators';

const checkCreatorId = (id: string): LoadFailure | null =>
  id.length !== 24 ? { message: 'Invalid creator ID format', redirectAfterMs: 2000 } : null;

function loadFailure(error: unknown): LoadFailure {
  if (isApiRequestError(error) && error.status === 404) {
    return {
      message: 'Creator not found. It may have been deleted. Redirecting to creators list...',
      redirectAfterMs: 3000,
    };
  }
  return { message: `Error loading creator: ${error instanceof Error ? error.message : String(error)}` };
}

function saveFailure(error: unknown): string {
  if (isApiRequestError(error) && error.status === 409)
    return 'A creator with this slug already exists. Please choose a different slug.';
  if (isApiRequestError(error) && error.status === 400)
    return 'Invalid creator data. Please check your inputs.';
  return (error instanceof Error && error.message) || 'Failed to save creator. Please try again.';
}

/** /admin/creators/new and /admin/creators/:id/edit: the creator form, in the category form's style. */
export function CreatorFormPage() {
  const { id } = useParams();
  const form = useEntityForm({
    listPath: LIST,
    titles: { create: 'Add Creator', edit: 'Edit Creator' },
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
    savedMessage: (isEdit) => (isEdit ? 'Creator updated successfully!' : 'Creator created successfully!'),
    saveFailure,
  });

  return (
    <>
      <EntityFormLayout
        form={form}
        listPath={LIST}
        backLabel="Back to Creators"
        loadingMessage="Loading creator..."
        submitLabels={{ create: 'Create Creator', edit: 'Update Creator' }}
      >
        <GroupFields form={form} icons={CREATOR_ICONS} colors={CREATOR_COLORS} />
      </EntityFormLayout>
      {id !== undefined && checkCreatorId(id) === null ? <CreatorAccountsCard creatorId={id} /> : null}
    </>
  );
}
