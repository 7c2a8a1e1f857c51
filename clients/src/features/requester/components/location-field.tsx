import { Autocomplete, TextField } from '@mui/material';
import { DEFAULT_SITE } from '@plantride/schemas';
import { dropOptions } from '../booking-validation';

interface LocationFieldProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  /** The drop field leaves out the chosen pickup. */
  exclude?: string | null;
}

/** Type-ahead over the site's locations, with its own clear button (SPEC §2). */
export function LocationField({ label, value, onChange, disabled = false, exclude = null }: LocationFieldProps) {
  return (
    <Autocomplete
      options={dropOptions(DEFAULT_SITE.locations, exclude)}
      value={value}
      onChange={(_, next) => onChange(next)}
      disabled={disabled}
      clearText={`Clear ${label}`}
      openText={`Open ${label} list`}
      closeText={`Close ${label} list`}
      autoHighlight
      fullWidth
      renderInput={(params) => <TextField {...params} label={label} required />}
    />
  );
}
