import { AuthField } from './auth-field';

/** The one-time code the admin hands over: letters upper-cased as typed, spaces and dashes allowed. */
export function AccessCodeField({
  label,
  value,
  onChange,
  optional = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  optional?: boolean;
}) {
  return (
    <AuthField
      label={label}
      value={value}
      onChange={(v) => onChange(v.toUpperCase().slice(0, 16))}
      optional={optional}
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
    />
  );
}
