import { TextField } from '@mui/material';
import { LIMITS } from '@plantride/schemas';
import { normaliseTokenInput } from '../auth-validation';

/** Token number: trimmed as typed, at most 5 characters (SPEC §5); upper-cased when sent. */
export function TokenField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Token Number"
      value={value}
      onChange={(e) => onChange(normaliseTokenInput(e.target.value))}
      autoComplete="username"
      autoFocus
      fullWidth
      required
      slotProps={{ htmlInput: { maxLength: LIMITS.tokenMaxLength, autoCapitalize: 'characters', spellCheck: false } }}
    />
  );
}
