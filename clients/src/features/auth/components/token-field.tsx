import { LIMITS } from '@plantride/schemas';
import { normaliseTokenInput } from '../auth-validation';
import { AuthField } from './auth-field';

/** Token number: trimmed as typed, at most 5 characters (SPEC §5); upper-cased when sent. */
export function TokenField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <AuthField
      label="Token Number"
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
