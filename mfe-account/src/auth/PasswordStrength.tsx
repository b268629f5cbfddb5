import { passwordStrength } from '@catalyst/contracts';
import { useStrings } from '@catalyst/web-kit';
import { accountWidgetStrings } from '../i18n/widgets/en';
import styles from './AuthDialog.module.css';

const LABEL_KEYS = [
  'strength.veryWeak',
  'strength.weak',
  'strength.fair',
  'strength.good',
  'strength.strong',
] as const;

/** Four points: length 6+, a lowercase letter, an uppercase letter, a digit (spec section 5). */
export function PasswordStrength({ password }: { password: string }) {
  const t = useStrings(accountWidgetStrings);
  const { score } = passwordStrength(password);
  const label = t(LABEL_KEYS[score]);
  return (
    <div className={styles.strength} data-score={score}>
      <div
        className={styles.strengthBar}
        role="meter"
        aria-label={t('strength.label')}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={label}
      >
        <span className={styles.strengthFill} style={{ width: `${(score / 4) * 100}%` }} />
      </div>
      <span className={styles.strengthLabel}>{label}</span>
    </div>
  );
}
