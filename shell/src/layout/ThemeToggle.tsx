import { Moon, Sun, SunMoon } from '@catalyst/web-kit/icons';
import { THEME_CHOICES, THEME_LABELS, useThemeChoice, type ThemeChoice } from '@catalyst/web-kit';
import styles from './Header.module.css';

const ICONS = { system: SunMoon, light: Sun, dark: Moon } as const;

/** The theme after `choice` in the header's cycle: System → Light → Dark → System. */
export const nextThemeChoice = (choice: ThemeChoice): ThemeChoice =>
  THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length]!;

/** The header's theme switch: one press moves to the next theme (the profile offers all three at once). */
export function ThemeToggle() {
  const [choice, choose] = useThemeChoice();
  const next = nextThemeChoice(choice);
  const Icon = ICONS[choice];
  return (
    <button
      type="button"
      className={styles.themeToggle}
      aria-label={`Theme: ${THEME_LABELS[choice]}`}
      title={`Theme: ${THEME_LABELS[choice]} (switch to ${THEME_LABELS[next]})`}
      onClick={() => choose(next)}
      data-testid="theme-toggle"
    >
      <Icon size={18} />
    </button>
  );
}
