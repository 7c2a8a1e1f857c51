import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { toast } from '../../../lib/toast';
import { BREAKDOWN_TYPES, LIMITS, MAINTENANCE_REASONS, MESSAGES, type VehicleType } from '@plantride/schemas';
import { messageOf } from '../../../lib/api-client';
import { flushQueue, waitingForNetwork } from '../../../lib/offline-queue';
import { PhotoPicker } from '../../../components/photos/photo-picker';
import { PHOTO_TEXT, notYetUploaded, reportPhotoIds, stillUploading, type PickedPhoto } from '../../../components/photos/picked-photos';
import { MAINTENANCE_LABEL, queueMaintenance, queuePhotos, useRequestMaintenance } from '../api/request-maintenance';
import {
  emptyMaintenanceForm,
  maintenanceFormError,
  maintenanceRequestBody,
  missingFields,
  type MaintenanceField,
  type MaintenanceForm,
} from '../maintenance-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';

interface MaintenanceDialogProps {
  open: boolean;
  driver: { id: string; name: string; vehicleType: VehicleType | '' };
  /** His ride in progress: the request is then mid-ride and hands the ride over. */
  ongoingRideId: string | null;
  onClose: () => void;
  /** The request (and his block) was recorded at this store position. */
  onSubmitted: (position: number) => void;
}

const BREAKDOWN_LABELS = { partial: 'driver.maintenance.partial', full: 'driver.maintenance.full' } as const;

/** 'Request Vehicle Maintenance' with the SPEC §5 rules; it closes itself 1500 ms after a successful submit. */
export function MaintenanceDialog({ open, driver, ongoingRideId, onClose, onSubmitted }: MaintenanceDialogProps) {
  const titleId = useId();
  const { t } = useTranslation();
  const vehicleLabelId = useId();
  const [typed, setForm] = useState<MaintenanceForm>(emptyMaintenanceForm);
  // Fields he has left or chosen in, and whether he tried to send: a rule shows only after either.
  const [touched, setTouched] = useState<ReadonlySet<MaintenanceField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // Issue #34: his photos of the breakdown; the picker starts empty at each opening.
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [openings, setOpenings] = useState(0);
  const request = useRequestMaintenance();
  const midRide = ongoingRideId !== null;
  // His vehicle type is not his to choose: the request is for the one he drives.
  const form: MaintenanceForm = { ...typed, vehicleType: driver.vehicleType };
  const error = maintenanceFormError(form, { midRide, ownVehicleType: driver.vehicleType });
  const missing = missingFields(form, midRide);
  const flagged = (field: MaintenanceField) => missing.includes(field) && (attempted || touched.has(field));
  // Without a vehicle type of his there is nothing to touch: the spec's message says why Submit waits.
  const showError = error !== null && (!driver.vehicleType || attempted || missing.some(flagged));

  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(onClose, LIMITS.maintenanceModalCloseMs);
    return () => clearTimeout(timer);
  }, [submitted, onClose]);

  // Each opening starts from an empty form.
  useEffect(() => {
    if (!open) return;
    setForm(emptyMaintenanceForm);
    setTouched(new Set());
    setAttempted(false);
    setSubmitted(false);
    setPhotos([]);
    setOpenings((count) => count + 1);
  }, [open]);

  const touch = (field: MaintenanceField) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  const change = (patch: Partial<MaintenanceForm>) => setForm((current) => ({ ...current, ...patch }));

  async function submit() {
    if (error || request.isPending) return;
    const photoIds = reportPhotoIds(photos);
    const body = { ...maintenanceRequestBody(form, driver, ongoingRideId), ...(photoIds.length > 0 ? { photo_ids: photoIds } : {}) };
    const unsent = notYetUploaded(photos);
    // No network, or photos that waited for it: the photos, then the report, wait in the offline queue (issue #19) and
    // are sent in that order when the connection returns. A report with photos is never lost for want of them.
    if (!navigator.onLine || unsent.some((photo) => photo.state === 'waiting')) {
      queuePhotos(driver.id, unsent);
      queueMaintenance(body);
      toast.info(waitingForNetwork({ label: MAINTENANCE_LABEL }));
      onClose();
      if (navigator.onLine) void flushQueue(driver.id);
      return;
    }
    if (stillUploading(photos)) {
      toast.info(PHOTO_TEXT.wait);
      return;
    }
    try {
      const answer = await request.mutateAsync(body);
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
      <DialogTitle id={titleId}>{t('messages.requestVehicleMaintenance')}</DialogTitle>
      <DialogContent>
        {submitted ? (
          <Alert severity="success">{t('messages.maintenanceSubmitted')}</Alert>
        ) : (
          <Stack
            spacing={2}
            sx={{ pt: 1 }}
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setAttempted(true);
              void submit();
            }}
          >
            {midRide && (
              <Alert severity="warning" role="status">
                {t('driver.maintenance.handedOn', { rideId: ongoingRideId })}
              </Alert>
            )}
            <Box role="group" aria-labelledby={vehicleLabelId}>
              <Typography id={vehicleLabelId} variant="caption" color="text.secondary" component="p">
                {t('driver.columns.vehicleType')}
              </Typography>
              <Typography>{driver.vehicleType || t('driver.maintenance.noneAssigned')}</Typography>
            </Box>
            {!midRide && (
              <>
                <TextField
                  select
                  label={t('driver.maintenance.reason')}
                  required
                  value={form.reason}
                  error={flagged('reason')}
                  onChange={(e) => {
                    change({ reason: e.target.value as MaintenanceForm['reason'] });
                    touch('reason');
                  }}
                  onBlur={() => touch('reason')}
                >
                  {MAINTENANCE_REASONS.map((reason) => (
                    <MenuItem key={reason} value={reason}>
                      {reason}
                    </MenuItem>
                  ))}
                </TextField>
                {form.reason === 'Others' && (
                  <TextField
                    label={t('driver.maintenance.describe')}
                    required
                    value={form.customIssue}
                    error={flagged('customIssue')}
                    onChange={(e) => change({ customIssue: e.target.value })}
                    onBlur={() => touch('customIssue')}
                  />
                )}
                <TextField
                  select
                  label={t('driver.maintenance.breakdownType')}
                  required
                  value={form.breakdownType}
                  error={flagged('breakdownType')}
                  onChange={(e) => {
                    change({ breakdownType: e.target.value as MaintenanceForm['breakdownType'] });
                    touch('breakdownType');
                  }}
                  onBlur={() => touch('breakdownType')}
                >
                  {BREAKDOWN_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {t(BREAKDOWN_LABELS[type])}
                    </MenuItem>
                  ))}
                </TextField>
              </>
            )}
            <TextField
              label={t('driver.maintenance.comment')}
              required={midRide}
              multiline
              minRows={2}
              value={form.comment}
              error={flagged('comment')}
              onChange={(e) => change({ comment: e.target.value })}
              onBlur={() => touch('comment')}
            />
            <PhotoPicker key={openings} label={t('driver.maintenance.photos')} disabled={request.isPending} onChange={setPhotos} />
            {showError && (
              <Alert severity="error" role="alert">
                {translateMessage(error)}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={request.isPending}>
          {submitted ? t('common.close') : t('common.cancel')}
        </Button>
        {!submitted && (
          <Button variant="contained" onClick={() => void submit()} disabled={error !== null || request.isPending}>
            {request.isPending ? t('messages.processing') : t('driver.maintenance.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
