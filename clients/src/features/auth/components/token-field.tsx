import { LIMITS } from '@plantride/schemas';
import { normaliseTokenInput } from '../auth-validation';
import { AuthField } from './auth-field';
import { useTranslation } from 'react-i18next';

/** Token number: trimmed as typed, at most 5 characters (SPEC §5); upper-cased when sent. */
export function TokenField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <AuthField
      label={t('auth.tokenNumber')}
      value={value}
      onChange={(v) => onChange(normaliseTokenInput(v))}
      autoComplete="username"
      autoFocus
      maxLength={LIMITS.tokenMaxLength}
      autoCapitalize="characters"
      spellCheck={false}
    />
  );
}
