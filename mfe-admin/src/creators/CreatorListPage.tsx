import { api, useStrings } from '@catalyst/web-kit';
import type { AdminCreator } from '@catalyst/contracts';
import { AdminListView } from '../common/AdminListView';
import { deleteQuestion } from '../common/ConfirmDialog';
import { groupColumns } from '../common/groupColumns';
import { useAdminList } from '../common/useAdminList';
import { adminStrings } from '../i18n/en';

/** /admin/creators: every creator with an active toggle, edit and delete (the category list's style). */
export function CreatorListPage() {
  const t = useStrings(adminStrings);
  const list = useAdminList<AdminCreator>({
    read: api.creator.adminList,
    remove: (id) => api.creator.remove({ params: { id } }),
    deletedMessage: t('creators.deleted'),
    deleteFailure: t('creators.deleteFailed'),
  });
  const toggleActive = (creator: AdminCreator) =>
    void list.change(
      creator,
      () =>
        api.creator.replace.request({
          params: { id: creator._id },
          body: { ...creator, isActive: !creator.isActive },
        }),
      t('creators.statusFailed'),
    );

  return (
    <AdminListView
      list={list}
      title={t('creators.title')}
      subtitle={t('creators.subtitle')}
      addLabel={t('creators.add')}
      addPath="/admin/creators/new"
      loadingMessage={t('creators.loading')}
      loadFailure={t('creators.loadFailed')}
      emptyMessage={t('creators.empty')}
      columns={groupColumns<AdminCreator>({
        label: t('creators.creator'),
        editPath: (creator) => `/admin/creators/${creator._id}/edit`,
        busy: (creator) => list.isBusy(creator._id),
        onToggleActive: toggleActive,
        onDelete: list.askDelete,
      })}
      rowTestId="creator-row"
      deleteTitle={t('creators.deleteTitle')}
      deleteQuestion={(creator) => deleteQuestion(creator.name)}
    />
  );
}
