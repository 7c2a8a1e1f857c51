import { MenuItem, TextField } from '@mui/material';
import { DRIVER_STATUSES, VEHICLE_TYPES } from '@plantride/schemas';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from 'react-i18next';
import { driverStatusLabel, mobileInput, stickerInput, type DriverForm, type DriverFormErrors } from '../driver-form-rules';

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
  const { t } = useTranslation();
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
          label={t('staff.drivers.facts.tokenNo')}
          value={form.operatorId}
          onChange={(e) => onChange({ operatorId: e.target.value.toUpperCase().slice(0, 5) })}
          {...field('operatorId')}
          required
        />
      )}
      <TextField
        label={t('staff.drivers.facts.name')}
        value={form.name}
        onChange={(e) => onChange({ name: e.target.value })}
        {...field('name')}
      />
      <TextField
        label={t('staff.drivers.facts.vehicle')}
        value={form.vehicle}
        onChange={(e) => onChange({ vehicle: e.target.value })}
        {...field('vehicle')}
      />
      <TextField
        label={t('staff.drivers.facts.mobile')}
        value={form.mobile}
        onChange={(e) => onChange({ mobile: mobileInput(e.target.value) })}
        {...field('mobile')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        label={t('staff.drivers.facts.sticker')}
        value={form.forklift}
        onChange={(e) => onChange({ forklift: stickerInput(e.target.value) })}
        {...field('forklift')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        select
        label={t('staff.drivers.facts.status')}
        value={form.status}
        onChange={(e) => onChange({ status: e.target.value as DriverForm['status'] })}
        {...field('status')}
      >
        {DRIVER_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {driverStatusLabel(status)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('staff.drivers.facts.comments')}
        value={form.comments}
        onChange={(e) => onChange({ comments: e.target.value })}
        {...field('comments')}
        multiline
      />
      {mode === 'edit' && (
        <>
          <TextField
            label={t('staff.drivers.facts.tokenNo')}
            value={form.operatorId}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <TextField
            label={t('staff.drivers.facts.createdAt')}
            value={formatDateTime(form.createdAt)}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        </>
      )}
      <TextField
        select
        label={t('staff.drivers.facts.vehicleAssigned')}
        value={form.vehicleAssigned}
        onChange={(e) => onChange({ vehicleAssigned: e.target.value })}
        {...field('vehicleAssigned')}
      >
        <MenuItem value="">
          <em>{t('staff.drivers.none')}</em>
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
