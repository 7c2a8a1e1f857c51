import { useId, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { toast } from '../../../lib/toast';
import { useTranslation } from 'react-i18next';
import { VEHICLE_TYPES, type ServiceAccountRow, type VehicleType } from '@plantride/schemas';
import { LocationField } from '../../../components/location-field';
import { PriorityField } from '../../../components/priority-field';
import { translateMessage } from '../../../i18n/translate-message';
import { messageOf } from '../../../lib/api-client';
import { activePlaces, useSite } from '../../../lib/site';
import { useSetTrigger } from '../api/service-accounts';
import { checkTriggerDraft, triggerDraftOf, type TriggerDraft, type TriggerField } from '../service-account-rules';

export interface TriggerEdit {
  account: ServiceAccountRow;
  /** Null: a new trigger. */
  trigger: ServiceAccountRow['triggers'][number] | null;
}

/**
 * Add or edit a machine trigger: the ride one press of it books (from, to, vehicle type, priority), and the
 * window in which further presses answer that same ride. Its id is the caller's, fixed once saved.
 */
export function TriggerDialog({ editing, onClose }: { editing: TriggerEdit; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const site = useSite();
  const save = useSetTrigger();
  const [draft, setDraft] = useState<TriggerDraft>(() => triggerDraftOf(editing.trigger));
  const [errors, setErrors] = useState<Partial<Record<TriggerField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const places = site.data ? activePlaces(site.data).map((place) => place.name) : [];
  const isNew = editing.trigger === null;

  const set = (patch: Partial<TriggerDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
    setRefusal(null);
  };
  const fieldError = (name: TriggerField) => ({ error: Boolean(errors[name]), helperText: errors[name] });

  const submit = async () => {
    const checked = checkTriggerDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    try {
      const answer = await save.mutateAsync({ accountId: editing.account.accountId, ...checked.body });
      toast.success(answer.message ? translateMessage(answer.message) : t('staff.machines.trigger.saved'));
      onClose();
    } catch (error) {
      setRefusal(messageOf(error, t('staff.machines.trigger.saveFailed')));
    }
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {isNew
          ? t('staff.machines.trigger.newTitle', { name: editing.account.name })
          : t('staff.machines.trigger.editTitle', { id: draft.triggerId })}
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => e.preventDefault()}
          sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 1fr)' } }}
        >
          {isNew && (
            <TextField
              label={t('staff.machines.trigger.triggerId')}
              value={draft.triggerId}
              onChange={(e) => set({ triggerId: e.target.value })}
              {...fieldError('triggerId')}
              helperText={errors.triggerId ?? t('staff.machines.trigger.triggerIdHelp')}
              required
              sx={{ gridColumn: '1 / -1' }}
            />
          )}
          {site.isError && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {messageOf(site.error, t('staff.machines.trigger.placesFailed'))}
            </Alert>
          )}
          <Box>
            <LocationField
              label={t('staff.machines.trigger.from')}
              places={places}
              value={draft.fromLocation}
              onChange={(fromLocation) => set({ fromLocation })}
              disabled={save.isPending}
            />
            {errors.fromLocation && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {errors.fromLocation}
              </Alert>
            )}
          </Box>
          <Box>
            <LocationField
              label={t('staff.machines.trigger.to')}
              places={places}
              value={draft.toLocation}
              onChange={(toLocation) => set({ toLocation })}
              exclude={draft.fromLocation}
              disabled={save.isPending}
            />
            {errors.toLocation && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {errors.toLocation}
              </Alert>
            )}
          </Box>
          <TextField
            select
            label={t('staff.machines.trigger.vehicleType')}
            value={draft.vehicleType}
            onChange={(e) => set({ vehicleType: e.target.value as VehicleType })}
            {...fieldError('vehicleType')}
            disabled={save.isPending}
          >
            {VEHICLE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('staff.machines.trigger.window')}
            value={draft.windowSeconds}
            onChange={(e) => set({ windowSeconds: e.target.value })}
            {...fieldError('windowSeconds')}
            helperText={errors.windowSeconds ?? t('staff.machines.trigger.windowHelp')}
            disabled={save.isPending}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <PriorityField value={draft.priority} onChange={(priority) => set({ priority })} />
          <TextField
            label={t('staff.machines.trigger.requester')}
            value={draft.requester}
            onChange={(e) => set({ requester: e.target.value })}
            {...fieldError('requester')}
            helperText={errors.requester ?? t('staff.machines.trigger.requesterHelp')}
            disabled={save.isPending}
          />
          {refusal && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {refusal}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          {t('staff.machines.trigger.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
