import { useEffect, useId, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { toast } from 'react-toastify';
import { BREAKDOWN_TYPES, LIMITS, MAINTENANCE_REASONS, MESSAGES, type VehicleType } from '@plantride/schemas';
import { messageOf } from '../../../lib/api-client';
import { waitingForNetwork } from '../../../lib/offline-queue';
import { MAINTENANCE_LABEL, queueMaintenance, useRequestMaintenance } from '../api/request-maintenance';
import {
  emptyMaintenanceForm,
  maintenanceFormError,
  maintenanceRequestBody,
  vehicleTypeOptions,
  type MaintenanceForm,
} from '../maintenance-form';

interface MaintenanceDialogProps {
  open: boolean;
  driver: { id: string; name: string; vehicleType: VehicleType | '' };
  /** His ride in progress: the request is then mid-ride and hands the ride over. */
  ongoingRideId: string | null;
  onClose: () => void;
  /** The request (and his block) was recorded at this store position. */
  onSubmitted: (position: number) => void;
}

const BREAKDOWN_LABELS = { partial: 'Partial', full: 'Full' } as const;

/** 'Request Vehicle Maintenance' with the SPEC §5 rules; it closes itself 1500 ms after a successful submit. */
export function MaintenanceDialog({ open, driver, ongoingRideId, onClose, onSubmitted }: MaintenanceDialogProps) {
  const titleId = useId();
  const [form, setForm] = useState<MaintenanceForm>(emptyMaintenanceForm);
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const request = useRequestMaintenance();
  const midRide = ongoingRideId !== null;
  const error = maintenanceFormError(form, { midRide, ownVehicleType: driver.vehicleType });

  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(onClose, LIMITS.maintenanceModalCloseMs);
    return () => clearTimeout(timer);
  }, [submitted, onClose]);

  // Each opening starts from an empty form.
  useEffect(() => {
    if (!open) return;
    setForm(emptyMaintenanceForm);
    setTouched(false);
    setSubmitted(false);
  }, [open]);

  const change = (patch: Partial<MaintenanceForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setTouched(true);
  };

  async function submit() {
    if (error || request.isPending) return;
    // No network: it waits in the offline queue (issue #19) and is sent when the connection returns.
    if (!navigator.onLine) {
      queueMaintenance(maintenanceRequestBody(form, driver, ongoingRideId));
      toast.info(waitingForNetwork(MAINTENANCE_LABEL));
      onClose();
      return;
    }
    try {
      const answer = await request.mutateAsync(maintenanceRequestBody(form, driver, ongoingRideId));
      toast.success(MESSAGES.maintenanceSubmittedBlocked);
      if (midRide) toast.info(MESSAGES.rideMadeAvailable);
      setSubmitted(true);
      onSubmitted(answer.position);
    } catch (failure) {
      toast.error(messageOf(failure, MESSAGES.failedToSubmitMaintenance));
    }
  }

  return (
    <Dialog open={open} onClose={request.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{MESSAGES.requestVehicleMaintenance}</DialogTitle>
      <DialogContent>
        {submitted ? (
          <Alert severity="success">{MESSAGES.maintenanceSubmitted}</Alert>
        ) : (
          <Stack
            spacing={2}
            sx={{ pt: 1 }}
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            {midRide && (
              <Alert severity="warning" role="status">
                Your ongoing ride {ongoingRideId} will be handed to other drivers of your vehicle type.
              </Alert>
            )}
            <TextField
              select
              label="Vehicle Type"
              required
              value={form.vehicleType}
              onChange={(e) => change({ vehicleType: e.target.value as VehicleType })}
            >
              {vehicleTypeOptions(driver.vehicleType).map((type) => (
                <MenuItem key={type} value={type}>
                  {type}
                </MenuItem>
              ))}
            </TextField>
            {!midRide && (
              <>
                <TextField
                  select
                  label="Maintenance Reason"
                  required
                  value={form.reason}
                  onChange={(e) => change({ reason: e.target.value as MaintenanceForm['reason'] })}
                >
                  {MAINTENANCE_REASONS.map((reason) => (
                    <MenuItem key={reason} value={reason}>
                      {reason}
                    </MenuItem>
                  ))}
                </TextField>
                {form.reason === 'Others' && (
                  <TextField
                    label="Describe the issue"
                    required
                    value={form.customIssue}
                    onChange={(e) => change({ customIssue: e.target.value })}
                  />
                )}
                <TextField
                  select
                  label="Breakdown Type"
                  required
                  value={form.breakdownType}
                  onChange={(e) => change({ breakdownType: e.target.value as MaintenanceForm['breakdownType'] })}
                >
                  {BREAKDOWN_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {BREAKDOWN_LABELS[type]}
                    </MenuItem>
                  ))}
                </TextField>
              </>
            )}
            <TextField
              label="Comment"
              required={midRide}
              multiline
              minRows={2}
              value={form.comment}
              onChange={(e) => change({ comment: e.target.value })}
            />
            {touched && error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={request.isPending}>
          {submitted ? 'Close' : 'Cancel'}
        </Button>
        {!submitted && (
          <Button variant="contained" onClick={() => void submit()} disabled={error !== null || request.isPending}>
            {request.isPending ? MESSAGES.processing : 'Submit'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
