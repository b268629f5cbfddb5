import styles from './Form.module.css';

export interface PresetPickerProps {
  legend: string;
  presets: readonly string[];
  value: string;
  onChange: (value: string) => void;
  /** Colour swatches show the colour itself; icons show the emoji. */
  kind: 'icon' | 'color';
}

/** A row of preset choices; a current value that is not a preset stays selectable so an edit keeps it. */
export function PresetPicker({ legend, presets, value, onChange, kind }: PresetPickerProps) {
  const choices = presets.includes(value) || value === '' ? presets : [...presets, value];
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <button
          key={choice}
          type="button"
          className={styles.choice}
          aria-pressed={choice === value}
          aria-label={kind === 'color' ? `Colour ${choice}` : `Icon ${choice}`}
          title={choice}
          style={kind === 'color' ? { background: choice } : undefined}
          onClick={() => onChange(choice)}
        >
          {kind === 'icon' ? choice : null}
        </button>
      ))}
    </fieldset>
  );
}
