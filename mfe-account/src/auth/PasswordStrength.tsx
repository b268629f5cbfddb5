import { passwordStrength } from '@catalyst/contracts';
import styles from './AuthDialog.module.css';

/** Four points: length 6+, a lowercase letter, an uppercase letter, a digit (spec section 5). */
export function PasswordStrength({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <div className={styles.strength} data-score={score}>
      <div
        className={styles.strengthBar}
        role="meter"
        aria-label="Password strength"
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
