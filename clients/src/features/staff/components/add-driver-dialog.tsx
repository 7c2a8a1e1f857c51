import { useId, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';
import { ApiError } from '../../../lib/api-client';
import { useAddDriver } from '../api/add-driver';
import { checkDriverForm, emptyDriverForm, type DriverForm, type DriverFormErrors } from '../driver-form-rules';
import type { ShownAccessCode } from './access-code-dialog';
import { DriverFormFields } from './driver-form-fields';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The add's position, and the driver's activation code to show once. */
  onAdded: (position: number, code: ShownAccessCode) => void;
}

/** 'Add New Driver': a new record is role Driver and Active unless chosen otherwise (SPEC §3). */
export function AddDriverDialog({ open, onClose, onAdded }: Props) {
  const titleId = useId();
  const { t } = useTranslation();
  const [form, setForm] = useState<DriverForm>(emptyDriverForm);
  const [errors, setErrors] = useState<DriverFormErrors>({});
  const add = useAddDriver();

  const close = () => {
    setForm(emptyDriverForm());
    setErrors({});
    onClose();
  };

  const submit = async () => {
    const checked = checkDriverForm(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    try {
      const answer = await add.mutateAsync(checked.record);
      toast.success(answer.message ? translateMessage(answer.message) : t('staff.drivers.added', { id: answer.operatorId }));
      onAdded(answer.position, {
        tokenNo: answer.operatorId,
        purpose: 'signUp',
        activationCode: answer.activationCode,
        expiresAt: answer.activationCodeExpiresAt,
      });
      close();
    } catch (error) {
      // The server's text when it gave one ('already exists'), else the spec's two fallbacks.
      if (error instanceof ApiError) toast.error(translateMessage(error.serverMessage ?? MESSAGES.failedToAddDriver));
      else toast.error(t('messages.serverErrorSavingDriver'));
    }
  };

  return (
    <Dialog open={open} onClose={add.isPending ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('messages.addNewDriver')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => e.preventDefault()}
          sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <DriverFormFields
            form={form}
            errors={errors}
            mode="add"
            disabled={add.isPending}
            onChange={(patch) => {
              setForm((current) => ({ ...current, ...patch }));
              setErrors({});
            }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={add.isPending}>
          {t('staff.common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={add.isPending}>
          {t('staff.drivers.addDriver')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
