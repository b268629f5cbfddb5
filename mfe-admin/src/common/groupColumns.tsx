import { CircleCheck, CirclePause } from '@catalyst/web-kit/icons';
import { Badge, DataIcon } from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';
import styles from './Admin.module.css';
import type { AdminColumn } from './AdminListView';
import { RowActions, RowToggle } from './RowActions';

/** What a category and a creator both have: the two lists that group products show them alike. */
export interface GroupRowItem {
  _id: string;
  name: string;
  description: string;
  slug: string;
  icon: string;
  color: string;
  productCount: number;
  sortOrder: number;
  isActive: boolean;
}

export interface GroupColumnsOptions<T extends GroupRowItem> {
  /** The first column's heading ('Category', 'Creator'). */
  label: string;
  editPath: (item: T) => string;
  busy: (item: T) => boolean;
  onToggleActive: (item: T) => void;
  onDelete: (item: T) => void;
}

/** A category's or creator's columns: swatch, name and description, slug, product count, order, status, then the active toggle, Edit and Delete. */
export function groupColumns<T extends GroupRowItem>({
  label,
  editPath,
  busy,
  onToggleActive,
  onDelete,
}: GroupColumnsOptions<T>): Array<AdminColumn<T>> {
  const { t } = adminStrings;
  return [
    {
      label,
      cell: (item) => (
        <span className={styles.named}>
          <DataIcon icon={item.icon} name={item.name} color={item.color} className={styles.swatch} />
          <span>
            <strong>{item.name}</strong>
            <br />
            <span className={styles.muted}>{item.description}</span>
          </span>
        </span>
      ),
    },
    { label: t('common.slug'), cell: (item) => item.slug, muted: true },
    { label: t('common.products'), cell: (item) => item.productCount },
    { label: t('common.order'), cell: (item) => item.sortOrder },
    {
      label: t('common.status'),
      cell: (item) =>
        item.isActive ? (
          <Badge tone="success">{t('common.active')}</Badge>
        ) : (
          <Badge>{t('common.inactive')}</Badge>
        ),
    },
    {
      label: t('common.actions'),
      cell: (item) => (
        <RowActions
          name={item.name}
          editPath={editPath(item)}
          busy={busy(item)}
          onDelete={() => onDelete(item)}
        >
          <RowToggle
            pressed={item.isActive}
            busy={busy(item)}
            onToggle={() => onToggleActive(item)}
            label={t(item.isActive ? 'common.deactivateNamed' : 'common.activateNamed', { name: item.name })}
            title={t(item.isActive ? 'common.deactivate' : 'common.activate')}
            icon={item.isActive ? CircleCheck : CirclePause}
          />
        </RowActions>
      ),
    },
  ];
}
