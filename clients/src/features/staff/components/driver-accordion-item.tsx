import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { toast } from '../../../lib/toast';
import type { DriverListRow, DriverStatus } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { useResetAccessCode } from '../api/access-codes';
import { useUpdateDriver } from '../api/update-driver';
import { checkDriverForm, driverFormOf, driverStatusLabel, type DriverForm, type DriverFormErrors } from '../driver-form-rules';
import { inspectionTodayChip } from '../inspection-history';
import type { ShownAccessCode } from './access-code-dialog';
import { DriverFacts } from './driver-facts';
import { DriverFormFields } from './driver-form-fields';

interface Props {
  row: DriverListRow;
  /** Only admins edit driver records; the maintenance head reads them. */
  canEdit: boolean;
  onSaved: (position: number) => void;
  /** A new one-time code for his token number (activation before he signs up, password reset after), to show once. */
  onCodeIssued: (code: ShownAccessCode) => void;
}

/** One driver: name (or 'Unnamed Driver') and role in the header; Edit, Save with 'Confirm Changes', Cancel (SPEC §2, §4). */
export function DriverAccordionItem({ row, canEdit, onSaved, onCodeIssued }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState<DriverForm | null>(null);
  const [errors, setErrors] = useState<DriverFormErrors>({});
  const [confirming, setConfirming] = useState(false);
  // The status the one-tap switch asks to set, while its confirmation is open.
  const [switchingTo, setSwitchingTo] = useState<DriverStatus | null>(null);
  const update = useUpdateDriver();
  const reset = useResetAccessCode();
  const editing = form !== null;
  const shown = form ?? driverFormOf(row);
  const summaryId = `driver-${row.OPERATOR_ID}`;
  const name = row.NAME.trim() || t('messages.unnamedDriver');
  const blocked = row.BLOCKED_FOR_MAINTENANCE === 1;
  const inspection = inspectionTodayChip(row.INSPECTION_TODAY);

  // The whole record with the other status, through the same update route as Edit and Save: the server checks the admin and the record.
  const switchStatus = async () => {
    if (!switchingTo) return;
    const checked = checkDriverForm({ ...driverFormOf(row), status: switchingTo });
    if (!('record' in checked)) {
      toast.error(t('messages.fixValidationErrors'));
      setSwitchingTo(null);
      return;
    }
    try {
      onSaved(await update.mutateAsync(checked.record));
      toast.success(t('staff.drivers.nowStatus', { name, status: driverStatusLabel(switchingTo) }));
    } catch (error) {
      toast.error(messageOf(error, t('messages.errorUpdatingDriver')));
    } finally {
      setSwitchingTo(null);
    }
  };

  const save = () => {
    if (!form) return;
    const checked = checkDriverForm(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      toast.error(t('messages.fixValidationErrors'));
      return;
    }
    setConfirming(true);
  };

  const confirm = async () => {
    const checked = form && checkDriverForm(form);
    if (!checked || !('record' in checked)) return;
    try {
      onSaved(await update.mutateAsync(checked.record));
      toast.success(t('messages.driverUpdated'));
      setForm(null);
    } catch (error) {
      toast.error(messageOf(error, t('messages.errorUpdatingDriver')));
    } finally {
      setConfirming(false);
    }
  };

  const resetCode = async () => {
    try {
      const answer = await reset.mutateAsync(row.OPERATOR_ID);
      onCodeIssued({
        tokenNo: answer.tokenNo,
        purpose: answer.purpose,
        activationCode: answer.activationCode,
        expiresAt: answer.expiresAt,
      });
    } catch (error) {
      toast.error(messageOf(error, t('staff.drivers.codeFailed')));
    }
  };

  return (
    // The switch sits beside the summary, not in it: a control inside the summary's button would be a button in a button.
    <Box sx={{ position: 'relative' }} data-testid={`driver-item-${row.OPERATOR_ID}`}>
      <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
        <AccordionSummary aria-controls={`${summaryId}-body`} id={summaryId} sx={canEdit ? { pr: { xs: 14, sm: 16 } } : undefined}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            <Typography component="span" color="text.secondary">
              {`${row.ROLE} · ${row.OPERATOR_ID}`}
            </Typography>
            <Chip
              size="small"
              label={driverStatusLabel(row.STATUS)}
              color={row.STATUS === 'Active' ? 'success' : 'error'}
              variant={row.STATUS === 'Active' ? 'outlined' : 'filled'}
            />
            {blocked && <Chip size="small" label={t('staff.drivers.blockedForMaintenance')} color="warning" sx={{ fontWeight: 600 }} />}
            <Chip
              size="small"
              label={inspection.label}
              color={inspection.color}
              variant={inspection.variant}
              data-testid={`inspection-today-${row.OPERATOR_ID}`}
            />
          </Stack>
        </AccordionSummary>
        <AccordionDetails id={`${summaryId}-body`}>
          {editing ? (
            <Box
              component="form"
              aria-label={t('staff.drivers.form', { id: row.OPERATOR_ID })}
              onSubmit={(e) => e.preventDefault()}
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
            >
              <DriverFormFields
                form={shown}
                errors={errors}
                mode="edit"
                disabled={update.isPending}
                onChange={(patch) => {
                  setForm((current) => current && { ...current, ...patch });
                  setErrors({});
                }}
              />
            </Box>
          ) : (
            // Read, not edit: the values as text, every one equally readable (no greyed inputs).
            <DriverFacts row={row} />
          )}
          {canEdit && (
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              {editing ? (
                <>
                  <Button variant="contained" onClick={save} disabled={update.isPending}>
                    {t('staff.common.save')}
                  </Button>
                  <Button
                    onClick={() => {
                      setForm(null);
                      setErrors({});
                    }}
                    disabled={update.isPending}
                  >
                    {t('staff.common.cancel')}
                  </Button>
                </>
              ) : (
                <>
                  <Button variant="outlined" onClick={() => setForm(driverFormOf(row))}>
                    {t('staff.common.edit')}
                  </Button>
                  <Button onClick={() => void resetCode()} disabled={reset.isPending} title={t('staff.drivers.resetCodeTitle')}>
                    {t('staff.drivers.resetCode')}
                  </Button>
                </>
              )}
            </Stack>
          )}
        </AccordionDetails>
        <ConfirmDialog
          open={confirming}
          title={t('messages.confirmChanges')}
          confirmLabel={t('staff.common.yes')}
          cancelLabel={t('staff.common.no')}
          busy={update.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          <Typography>{t('messages.confirmSaveChanges')}</Typography>
        </ConfirmDialog>
      </Accordion>
      {canEdit && (
        <FormControlLabel
          sx={{ position: 'absolute', top: 4, right: 8, m: 0, zIndex: 1 }}
          control={
            <Switch
              checked={row.STATUS === 'Active'}
              disabled={editing || update.isPending}
              onChange={(_, checked) => setSwitchingTo(checked ? 'Active' : 'Not Active')}
              color="success"
            />
          }
          label={
            <>
              {t('staff.drivers.statuses.active')}
              <Box component="span" sx={visuallyHidden}>
                {' '}
                {`${name} ${row.OPERATOR_ID}`}
              </Box>
            </>
          }
        />
      )}
      <ConfirmDialog
        open={switchingTo !== null}
        title={
          switchingTo === 'Not Active'
            ? t('staff.drivers.markNotActiveQuestion', { name })
            : t('staff.drivers.markActiveQuestion', { name })
        }
        confirmLabel={switchingTo === 'Not Active' ? t('staff.drivers.markNotActive') : t('staff.drivers.markActive')}
        cancelLabel={t('staff.common.cancel')}
        busy={update.isPending}
        onConfirm={() => void switchStatus()}
        onCancel={() => setSwitchingTo(null)}
      >
        <Typography>
          {switchingTo === 'Not Active'
            ? t('staff.drivers.blockedUntilActive', { name, id: row.OPERATOR_ID })
            : t(blocked ? 'staff.drivers.mayTakeRidesAfterMaintenance' : 'staff.drivers.mayTakeRides', { name, id: row.OPERATOR_ID })}
        </Typography>
      </ConfirmDialog>
    </Box>
  );
}
