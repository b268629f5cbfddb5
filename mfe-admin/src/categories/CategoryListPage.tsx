import { api } from '@catalyst/web-kit';
import { adminMessages, type AdminCategory } from '@catalyst/contracts';
import { AdminListView } from '../common/AdminListView';
import { deleteQuestion } from '../common/ConfirmDialog';
import { groupColumns } from '../common/groupColumns';
import { useAdminList } from '../common/useAdminList';

/** /admin/categories: every category with its active toggle, edit and delete. */
export function CategoryListPage() {
  const list = useAdminList<AdminCategory>({
    read: api.category.adminList,
    remove: (id) => api.category.remove({ params: { id } }),
    deletedMessage: adminMessages.categoryDeleted,
    deleteFailure: 'Failed to delete category',
  });
  const toggleActive = (category: AdminCategory) =>
    void list.change(
      category,
      () =>
        api.category.replace.request({
          params: { id: category._id },
          body: { ...category, isActive: !category.isActive },
        }),
      'Failed to update category status',
    );

  return (
    <AdminListView
      list={list}
      title="Manage Categories"
      subtitle="Active categories are shown on the Browse page."
      addLabel="Add Category"
      addPath="/admin/categories/new"
      loadingMessage="Loading categories..."
      loadFailure="Failed to load categories"
      emptyMessage="No categories yet. Add the first one."
      columns={groupColumns<AdminCategory>({
        label: 'Category',
        editPath: (category) => `/admin/categories/${category._id}/edit`,
        busy: (category) => list.isBusy(category._id),
        onToggleActive: toggleActive,
        onDelete: list.askDelete,
      })}
      rowTestId="category-row"
      deleteTitle="Delete category"
      deleteQuestion={(category) => deleteQuestion(category.name)}
    />
  );
}
