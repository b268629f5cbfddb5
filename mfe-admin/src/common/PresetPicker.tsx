import { dataIconGlyph, useStrings } from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';
import styles from './Form.module.css';

export interface PresetPickerProps {
  legend: string;
  presets: readonly string[];
  value: string;
  onChange: (value: string) => void;
  /** Colour swatches show the colour itself; icons show the SVG drawn for the emoji (the emoji when none). */
  kind: 'icon' | 'color';
}

/** A row of preset choices; a current value that is not a preset stays selectable so an edit keeps it. */
export function PresetPicker({ legend, presets, value, onChange, kind }: PresetPickerProps) {
  const t = useStrings(adminStrings);
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
          aria-label={t(kind === 'color' ? 'common.colourNamed' : 'common.iconNamed', { choice })}
          title={choice}
          style={kind === 'color' ? { background: choice } : undefined}
          onClick={() => onChange(choice)}
        >
          {kind === 'icon' ? <IconChoice icon={choice} /> : null}
        </button>
      ))}
    </fieldset>
  );
}

/** A preset's SVG, as the public pages draw it (no emoji font needed); an emoji without one as itself. */
function IconChoice({ icon }: { icon: string }) {
  return dataIconGlyph(icon, { size: 20 }) ?? icon;
}
