import { api } from '@catalyst/web-kit';
import type { AdminCreator } from '@catalyst/contracts';
import { AdminListView } from '../common/AdminListView';
import { deleteQuestion } from '../common/ConfirmDialog';
import { groupColumns } from '../common/groupColumns';
import { useAdminList } from '../common/useAdminList';

/** /admin/creators: every creator with an active toggle, edit and delete (the category list's style). */
export function CreatorListPage() {
  const list = useAdminList<AdminCreator>({
    read: api.creator.adminList,
    remove: (id) => api.creator.remove({ params: { id } }),
    deletedMessage: 'Creator deleted successfully!',
    deleteFailure: 'Failed to delete creator',
  });
  const toggleActive = (creator: AdminCreator) =>
    void list.change(
      creator,
      () =>
        api.creator.replace.request({
          params: { id: creator._id },
          body: { ...creator, isActive: !creator.isActive },
        }),
      'Failed to update creator status',
    );

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
      columns={groupColumns<AdminCreator>({
        label: 'Creator',
        editPath: (creator) => `/admin/creators/${creator._id}/edit`,
        busy: (creator) => list.isBusy(creator._id),
        onToggleActive: toggleActive,
        onDelete: list.askDelete,
      })}
      rowTestId="creator-row"
      deleteTitle="Delete creator"
      deleteQuestion={(creator) => deleteQuestion(creator.name)}
    />
  );
}
