import { Eye, EyeOff } from '@catalyst/web-kit/icons';
import { api, Badge, formatCount, useStrings } from '@catalyst/web-kit';
import type { PathSummary } from '@catalyst/contracts';
import { AdminListView } from '../common/AdminListView';
import { deleteQuestion } from '../common/ConfirmDialog';
import { RowActions, RowToggle } from '../common/RowActions';
import { useAdminList } from '../common/useAdminList';
import { adminStrings } from '../i18n/en';
import { pathWithPublished } from './pathForm';

/** /admin/paths: every learning path, drafts too, with publish, edit and delete. */
export function PathListPage() {
  const t = useStrings(adminStrings);
  const list = useAdminList<PathSummary>({
    read: api.path.adminList,
    remove: (id) => api.path.remove({ params: { id } }),
    deletedMessage: t('paths.deleted'),
    deleteFailure: t('paths.deleteFailed'),
  });
  const togglePublished = (path: PathSummary) =>
    void list.change(
      path,
      async () => {
        const params = { id: path._id };
        const full = await api.path.adminGet({ params });
        return api.path.replace.request({ params, body: pathWithPublished(full, !path.isPublished) });
      },
      t('paths.updateFailed'),
    );

  return (
    <AdminListView
      list={list}
      title={t('paths.title')}
      subtitle={t('paths.subtitle')}
      addLabel={t('paths.add')}
      addPath="/admin/paths/new"
      loadingMessage={t('paths.loading')}
      loadFailure={t('paths.loadFailed')}
      emptyMessage={t('paths.empty')}
      columns={[
        { label: t('paths.path'), cell: (path) => path.title },
        { label: t('paths.items'), cell: (path) => formatCount(path.itemCount), muted: true },
        { label: t('paths.hours'), cell: (path) => path.estimatedHours, muted: true },
        {
          label: t('common.status'),
          cell: (path) =>
            path.isPublished ? (
              <Badge tone="success">{t('products.published')}</Badge>
            ) : (
              <Badge tone="neutral">{t('products.draft')}</Badge>
            ),
        },
        {
          label: t('common.actions'),
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
                label={t(path.isPublished ? 'products.unpublishNamed' : 'products.publishNamed', {
                  name: path.title,
                })}
                title={t(path.isPublished ? 'products.unpublish' : 'products.publish')}
                icon={path.isPublished ? Eye : EyeOff}
              />
            </RowActions>
          ),
        },
      ]}
      rowTestId="path-row"
      deleteTitle={t('paths.deleteTitle')}
      deleteQuestion={(path) => deleteQuestion(path.title)}
    />
  );
}
