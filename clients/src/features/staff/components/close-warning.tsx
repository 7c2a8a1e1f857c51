import { Alert, Checkbox, FormControlLabel } from '@mui/material';
import { vehicleCheckedLabel, type CloseWarning } from '../maintenance-issue';

/** What closing the request means for its vehicle (issue #32), and the tick the head gives when his close is the vehicle's check. */
export function CloseWarningNotice({
  warning,
  checked,
  onChecked,
}: {
  warning: CloseWarning | null;
  checked: boolean;
  onChecked: (checked: boolean) => void;
}) {
  if (!warning) return null;
  return (
    <>
      <Alert severity="warning" sx={{ mt: 1 }}>
        {warning.text}
      </Alert>
      {warning.needsCheck && (
        <FormControlLabel
          control={<Checkbox checked={checked} onChange={(e) => onChecked(e.target.checked)} />}
          label={vehicleCheckedLabel()}
        />
      )}
    </>
  );
}
