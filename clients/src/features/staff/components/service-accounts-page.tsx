import { useState } from 'react';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { toast } from '../../../lib/toast';
import { useTranslation } from 'react-i18next';
import type { ServiceAccountRow } from '@plantride/schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { translateMessage } from '../../../i18n/translate-message';
import { messageOf } from '../../../lib/api-client';
import { useRemoveTrigger, useRevokeServiceAccount, useServiceAccounts } from '../api/service-accounts';
import { listOrder } from '../service-account-rules';
import { ApiKeyDialog, type ShownApiKey } from './api-key-dialog';
import { NewServiceAccountDialog } from './new-service-account-dialog';
import { RotateKeyDialog } from './rotate-key-dialog';
import { ServiceAccountCard, type AccountActions } from './service-account-card';
import { StaffPage } from './staff-page';
import { TriggerDialog, type TriggerEdit } from './trigger-dialog';

type Trigger = ServiceAccountRow['triggers'][number];

/**
 * /service-accounts (admin, issue #33 item 1): the systems that call the engine with an API key. A key is
 * shown once, when it is made; rotating issues a new one with an overlap; revoking refuses every key at once.
 */
export function ServiceAccountsPage() {
  const { t } = useTranslation();
  const accounts = useServiceAccounts();
  const revoke = useRevokeServiceAccount();
  const removeTrigger = useRemoveTrigger();
  const [creating, setCreating] = useState(false);
  const [shownKey, setShownKey] = useState<ShownApiKey | null>(null);
  const [rotating, setRotating] = useState<ServiceAccountRow | null>(null);
  const [revoking, setRevoking] = useState<ServiceAccountRow | null>(null);
  const [editing, setEditing] = useState<TriggerEdit | null>(null);
  const [removing, setRemoving] = useState<{ account: ServiceAccountRow; trigger: Trigger } | null>(null);

  const actions: AccountActions = {
    onRotate: setRotating,
    onRevoke: setRevoking,
    onEditTrigger: (account, trigger) => setEditing({ account, trigger }),
    onRemoveTrigger: (account, trigger) => setRemoving({ account, trigger }),
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      const answer = await revoke.mutateAsync(revoking.accountId);
      toast.success(answer.message ? translateMessage(answer.message) : t('staff.machines.accounts.revokedToast', { name: revoking.name }));
    } catch (error) {
      toast.error(messageOf(error, t('staff.machines.accounts.revokeFailed')));
    }
    setRevoking(null);
  };
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const answer = await removeTrigger.mutateAsync({ accountId: removing.account.accountId, triggerId: removing.trigger.triggerId });
      toast.success(answer.message ? translateMessage(answer.message) : t('staff.machines.accounts.triggerRemoved'));
    } catch (error) {
      toast.error(messageOf(error, t('staff.machines.accounts.removeFailed')));
    }
    setRemoving(null);
  };

  return (
    <StaffPage title={t('staff.machines.accounts.title')} maxWidth="md">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ flex: '1 1 280px' }}>
          {t('staff.machines.accounts.intro')}
        </Typography>
        <Button variant="contained" onClick={() => setCreating(true)}>
          {t('staff.machines.accounts.newAccount')}
        </Button>
      </Stack>
      {accounts.data ? (
        accounts.data.length === 0 ? (
          <Typography>{t('staff.machines.accounts.none')}</Typography>
        ) : (
          listOrder(accounts.data).map((account) => <ServiceAccountCard key={account.accountId} account={account} actions={actions} />)
        )
      ) : accounts.isError ? (
        <LoadError
          error={accounts.error}
          fallback={t('staff.machines.accounts.loadFailed')}
          retry={() => void accounts.refetch()}
          retrying={accounts.isFetching}
        />
      ) : (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={28} aria-hidden="true" />
          <Typography>{t('staff.machines.accounts.loading')}</Typography>
        </Box>
      )}
      <NewServiceAccountDialog open={creating} onClose={() => setCreating(false)} onCreated={setShownKey} />
      <RotateKeyDialog account={rotating} onClose={() => setRotating(null)} onRotated={setShownKey} />
      <ApiKeyDialog shown={shownKey} onClose={() => setShownKey(null)} />
      {editing && (
        <TriggerDialog
          key={`${editing.account.accountId}:${editing.trigger?.triggerId ?? ''}`}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('staff.machines.accounts.revokeQuestion', { name: revoking?.name ?? '' })}
        confirmLabel={t('staff.machines.accounts.revoke')}
        cancelLabel={t('staff.machines.accounts.keepIt')}
        confirmColor="error"
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      >
        <Typography>{t('staff.machines.accounts.revokeNote')}</Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('staff.machines.accounts.removeQuestion', { id: removing?.trigger.triggerId ?? '' })}
        confirmLabel={t('staff.machines.accounts.remove')}
        cancelLabel={t('staff.machines.accounts.keepIt')}
        confirmColor="error"
        busy={removeTrigger.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        <Typography>{t('staff.machines.accounts.removeNote')}</Typography>
      </ConfirmDialog>
    </StaffPage>
  );
}
