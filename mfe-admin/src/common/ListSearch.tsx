import { useState, type FormEvent } from 'react';
import { Button, TextField, useStrings } from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';
import styles from './Admin.module.css';

export interface ListSearchProps {
  /** Names the search landmark ('Products'). */
  label: string;
  /** The field's label ('Search products'). */
  fieldLabel: string;
  /** Called with the trimmed text when the form is sent (an empty text shows everything again). */
  onSearch: (text: string) => void;
}

/** An admin list's search form: the text is asked for when Search is pressed (or Enter), not on every key. */
export function ListSearch({ label, fieldLabel, onSearch }: ListSearchProps) {
  const t = useStrings(adminStrings);
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <form role="search" aria-label={label} className={styles.search} onSubmit={submit}>
      <TextField
        label={fieldLabel}
        type="search"
        name="search"
        value={typed}
        maxLength={100}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        {t('common.search')}
      </Button>
    </form>
  );
}
