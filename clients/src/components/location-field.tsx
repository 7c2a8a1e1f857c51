import { Autocomplete, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The drop list: the site's locations without the chosen pickup (a ride from a place to itself is never a choice). */
export function dropOptions(locations: readonly string[], pickup: string | null): string[] {
  return locations.filter((location) => location !== pickup);
}

interface LocationFieldProps {
  label: string;
  /** The names of the places in use, in the site's order. */
  places: readonly string[];
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  /** The drop field leaves out the chosen pickup. */
  exclude?: string | null;
}

/** Type-ahead over the site's locations, with its own clear button (SPEC §2): the booking form's and the trigger form's. */
export function LocationField({ label, places, value, onChange, disabled = false, exclude = null }: LocationFieldProps) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      options={dropOptions(places, exclude)}
      value={value}
      onChange={(_, next) => onChange(next)}
      disabled={disabled}
      clearText={t('common.clearField', { label })}
      openText={t('common.openList', { label })}
      closeText={t('common.closeList', { label })}
      autoHighlight
      fullWidth
      renderInput={(params) => <TextField {...params} label={label} required />}
    />
  );
}
