import { api, useStrings } from '@catalyst/web-kit';
import type { AdminCategory } from '@catalyst/contracts';
import { AdminListView } from '../common/AdminListView';
import { deleteQuestion } from '../common/ConfirmDialog';
import { groupColumns } from '../common/groupColumns';
import { useAdminList } from '../common/useAdminList';
import { adminStrings } from '../i18n/en';

/** /admin/categories: every category with its active toggle, edit and delete. */
export function CategoryListPage() {
  const t = useStrings(adminStrings);
  const list = useAdminList<AdminCategory>({
    read: api.category.adminList,
    remove: (id) => api.category.remove({ params: { id } }),
    deletedMessage: t('categories.deleted'),
    deleteFailure: t('categories.deleteFailed'),
  });
  const toggleActive = (category: AdminCategory) =>
    void list.change(
      category,
      () =>
        api.category.replace.request({
          params: { id: category._id },
          body: { ...category, isActive: !category.isActive },
        }),
      t('categories.statusFailed'),
    );

  return (
    <AdminListView
      list={list}
      title={t('categories.title')}
      subtitle={t('categories.subtitle')}
      addLabel={t('categories.add')}
      addPath="/admin/categories/new"
      loadingMessage={t('categories.loading')}
      loadFailure={t('categories.loadFailed')}
      emptyMessage={t('categories.empty')}
      columns={groupColumns<AdminCategory>({
        label: t('categories.category'),
        editPath: (category) => `/admin/categories/${category._id}/edit`,
        busy: (category) => list.isBusy(category._id),
        onToggleActive: toggleActive,
        onDelete: list.askDelete,
      })}
      rowTestId="category-row"
      deleteTitle={t('categories.deleteTitle')}
      deleteQuestion={(category) => deleteQuestion(category.name)}
    />
  );
}
