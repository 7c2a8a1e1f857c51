import { MenuItem, TextField } from '@mui/material';
import { DRIVER_STATUSES, VEHICLE_TYPES } from '@plantride/schemas';
import { formatDateTime } from '../../../lib/format-date';
import { mobileInput, stickerInput, type DriverForm, type DriverFormErrors } from '../driver-form-rules';

interface Props {
  form: DriverForm;
  errors: DriverFormErrors;
  /** Add: the operator id is typed; edit: it and the creation time are read-only. */
  mode: 'add' | 'edit';
  disabled?: boolean;
  onChange: (patch: Partial<DriverForm>) => void;
}

/** The driver record's fields with the spec's input rules: mobile and sticker keep digits only (SPEC §5). */
export function DriverFormFields({ form, errors, mode, disabled = false, onChange }: Props) {
  const field = (name: keyof DriverForm) => ({
    error: Boolean(errors[name]),
    helperText: errors[name],
    disabled,
    size: 'small' as const,
    fullWidth: true,
  });
  return (
    <>
      {mode === 'add' && (
        <TextField
          label="Token Number"
          value={form.operatorId}
          onChange={(e) => onChange({ operatorId: e.target.value.toUpperCase().slice(0, 5) })}
          {...field('operatorId')}
          required
        />
      )}
      <TextField label="Driver Name" value={form.name} onChange={(e) => onChange({ name: e.target.value })} {...field('name')} />
      <TextField
        label="Vehicle Number"
        value={form.vehicle}
        onChange={(e) => onChange({ vehicle: e.target.value })}
        {...field('vehicle')}
      />
      <TextField
        label="Mobile Number"
        value={form.mobile}
        onChange={(e) => onChange({ mobile: mobileInput(e.target.value) })}
        {...field('mobile')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        label="Sticker Number"
        value={form.forklift}
        onChange={(e) => onChange({ forklift: stickerInput(e.target.value) })}
        {...field('forklift')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        select
        label="Status"
        value={form.status}
        onChange={(e) => onChange({ status: e.target.value as DriverForm['status'] })}
        {...field('status')}
      >
        {DRIVER_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {status}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Comments"
        value={form.comments}
        onChange={(e) => onChange({ comments: e.target.value })}
        {...field('comments')}
        multiline
      />
      {mode === 'edit' && (
        <>
          <TextField label="Token Number" value={form.operatorId} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
          <TextField
            label="Created At"
            value={formatDateTime(form.createdAt)}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        </>
      )}
      <TextField
        select
        label="Vehicle Assigned"
        value={form.vehicleAssigned}
        onChange={(e) => onChange({ vehicleAssigned: e.target.value })}
        {...field('vehicleAssigned')}
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {VEHICLE_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
