import { Moon, Sun, SunMoon } from '@catalyst/web-kit/icons';
import { THEME_CHOICES, useStrings, useThemeChoice, type ThemeChoice } from '@catalyst/web-kit';
import { shellStrings } from '../i18n/en';
import styles from './Header.module.css';

const ICONS = { system: SunMoon, light: Sun, dark: Moon } as const;
const NAMES = { system: 'theme.system', light: 'theme.light', dark: 'theme.dark' } as const;

/** The theme after `choice` in the header's cycle: System → Light → Dark → System. */
export const nextThemeChoice = (choice: ThemeChoice): ThemeChoice =>
  THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length]!;

/** The header's theme switch: one press moves to the next theme (the profile offers all three at once). */
export function ThemeToggle() {
  const [choice, choose] = useThemeChoice();
  const next = nextThemeChoice(choice);
  const Icon = ICONS[choice];
  const t = useStrings(shellStrings);
  const theme = t(NAMES[choice]);
  return (
    <button
      type="button"
      className={styles.themeToggle}
      aria-label={t('theme.label', { theme })}
      title={t('theme.switch', { theme, next: t(NAMES[next]) })}
      onClick={() => choose(next)}
      data-testid="theme-toggle"
    >
      <Icon size={18} />
    </button>
  );
}
