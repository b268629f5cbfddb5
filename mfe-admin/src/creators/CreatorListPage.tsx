import type { AdminCreator } from '@catalyst/contracts';
import { adminApi } from '../api/adminApi';
import { AdminListView } from '../common/AdminListView';
import { deleteQuestion } from '../common/ConfirmDialog';
import { GroupRow } from '../common/GroupRow';
import { useAdminList } from '../common/useAdminList';

/** /admin/creators: every creator with an active toggle, edit and delete (the category list's style). */
export function CreatorListPage() {
  const list = useAdminList<AdminCreator>({
    path: '/admin/creators',
    remove: adminApi.deleteCreator,
    deletedMessage: 'Creator deleted successfully!',
    deleteFailure: 'Failed to delete creator',
  });
  const toggleActive = (creator: AdminCreator) =>
    void list.change(creator, () => adminApi.updateCreator(creator._id, { ...creator, isActive: !creator.isActive }), 'Failed to update creator status');

  return (
    <AdminListView
      list={list}
      title="Manage Creators"
      subtitle="Every product belongs to one creator."
      addLabel="Add Creator"
      addPath="/admin/creators/new"
      loadingMessage="Loading creators..."
      loadFailure="Failed to load creators"
      emptyMessage="No creators yet. Add the first one."
      columns={['Creator', 'Slug', 'Products', 'Order', 'Status', 'Actions']}
      renderRow={(creator) => (
        <GroupRow
          item={creator}
          testId="creator-row"
          editPath={`/admin/creators/${creator._id}/edit`}
          busy={list.isBusy(creator._id)}
          onToggleActive={() => toggleActive(creator)}
          onDelete={() => list.askDelete(creator)}
        />
      )}
      deleteTitle="Delete creator"
      deleteQuestion={(creator) => deleteQuestion(creator.name)}
    />
  );
}
