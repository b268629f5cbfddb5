import { Badge } from '@catalyst/web-kit';
import styles from './Admin.module.css';
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

export interface GroupRowProps {
  item: GroupRowItem;
  testId: string;
  editPath: string;
  busy: boolean;
  onToggleActive: () => void;
  onDelete: () => void;
}

/** One category or creator: swatch, name and description, slug, product count, order, status, then the active toggle, Edit and Delete. */
export function GroupRow({ item, testId, editPath, busy, onToggleActive, onDelete }: GroupRowProps) {
  return (
    <tr data-testid={testId}>
      <td>
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--ck-space-2)' }}>
          <span className={styles.swatch} style={{ background: item.color }} aria-hidden="true">
            {item.icon}
          </span>
          <span>
            <strong>{item.name}</strong>
            <br />
            <span className={styles.muted}>{item.description}</span>
          </span>
        </span>
      </td>
      <td className={styles.muted}>{item.slug}</td>
      <td>{item.productCount}</td>
      <td>{item.sortOrder}</td>
      <td>{item.isActive ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}</td>
      <RowActions name={item.name} editPath={editPath} busy={busy} onDelete={onDelete}>
        <RowToggle
          pressed={item.isActive}
          busy={busy}
          onToggle={onToggleActive}
          label={item.isActive ? `Deactivate ${item.name}` : `Activate ${item.name}`}
          title={item.isActive ? 'Deactivate' : 'Activate'}
        >
          {item.isActive ? '✅' : '⏸️'}
        </RowToggle>
      </RowActions>
    </tr>
  );
}
