import { Eye, EyeOff } from '@catalyst/web-kit/icons';
import { api, Badge } from '@catalyst/web-kit';
import type { PathSummary } from '@catalyst/contracts';
import { AdminListView } from '../common/AdminListView';
import { deleteQuestion } from '../common/ConfirmDialog';
import { RowActions, RowToggle } from '../common/RowActions';
import { useAdminList } from '../common/useAdminList';
import { pathWithPublished } from './pathForm';

/** /admin/paths: every learning path, drafts too, with publish, edit and delete. */
export function PathListPage() {
  const list = useAdminList<PathSummary>({
    read: api.path.adminList,
    remove: (id) => api.path.remove({ params: { id } }),
    deletedMessage: 'Path deleted successfully!',
    deleteFailure: 'Failed to delete path',
  });
  const togglePublished = (path: PathSummary) =>
    void list.change(
      path,
      async () => {
        const params = { id: path._id };
        const full = await api.path.adminGet({ params });
        return api.path.replace.request({ params, body: pathWithPublished(full, !path.isPublished) });
      },
      'Failed to update path',
    );

  return (
    <AdminListView
      list={list}
      title="Manage Learning Paths"
      subtitle="Ordered products and courses towards a goal, published under Browse → Paths."
      addLabel="Add Path"
      addPath="/admin/paths/new"
      loadingMessage="Loading paths..."
      loadFailure="Failed to load paths"
      emptyMessage="No learning paths yet. Add the first one."
      columns={[
        { label: 'Path', cell: (path) => path.title },
        { label: 'Items', cell: (path) => path.itemCount, muted: true },
        { label: 'Hours', cell: (path) => path.estimatedHours, muted: true },
        {
          label: 'Status',
          cell: (path) =>
            path.isPublished ? <Badge tone="success">Published</Badge> : <Badge tone="neutral">Draft</Badge>,
        },
        {
          label: 'Actions',
          cell: (path) => (
            <RowActions
              name={path.title}
              editPath={`/admin/paths/${path._id}/edit`}
              busy={list.isBusy(path._id)}
              onDelete={() => list.askDelete(path)}
            >
              <RowToggle
                pressed={path.isPublished}
                busy={list.isBusy(path._id)}
                onToggle={() => togglePublished(path)}
                label={path.isPublished ? `Unpublish ${path.title}` : `Publish ${path.title}`}
                title={path.isPublished ? 'Unpublish' : 'Publish'}
                icon={path.isPublished ? Eye : EyeOff}
              />
            </RowActions>
          ),
        },
      ]}
      rowTestId="path-row"
      deleteTitle="Delete path"
      deleteQuestion={(path) => deleteQuestion(path.title)}
    />
  );
}
