import { useId } from 'react';
import { Box, Button, Chip, Divider, Paper, Stack, Typography } from '@mui/material';
import type { ServiceAccountRow } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../../components/date-time-text';
import { formatDateTime } from '../../../lib/format-date';
import { isRevoked, keysText, lastUsedText, webhooksText } from '../service-account-rules';
import { ServiceAccountTriggers } from './service-account-triggers';

type Trigger = ServiceAccountRow['triggers'][number];

export interface AccountActions {
  onRotate: (account: ServiceAccountRow) => void;
  onRevoke: (account: ServiceAccountRow) => void;
  onEditTrigger: (account: ServiceAccountRow, trigger: Trigger | null) => void;
  onRemoveTrigger: (account: ServiceAccountRow, trigger: Trigger) => void;
}

/** One account: its scopes, when it was made and last used, its keys, and (while active) what may be done to it. */
export function ServiceAccountCard({ account, actions }: { account: ServiceAccountRow; actions: AccountActions }) {
  const { t } = useTranslation();
  const nameId = useId();
  const revoked = isRevoked(account);
  // The test id follows the English label ('last-used'), whatever the language on the screen.
  const facts: [testId: string, label: string, value: string][] = [
    ['created', t('staff.machines.card.created'), formatDateTime(account.createdAt)],
    ['last-used', t('staff.machines.card.lastUsed'), lastUsedText(account)],
    ...(revoked ? [['revoked-at', t('staff.machines.card.revokedAt'), formatDateTime(account.revokedAt)] as [string, string, string]] : []),
    ['keys', t('staff.machines.card.keys'), keysText(account)],
    ['webhooks', t('staff.machines.card.webhooks'), webhooksText(account)],
  ];

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={nameId}
      data-testid={`service-account-${account.accountId}`}
      sx={{ p: { xs: 1.5, sm: 2 }, ...(revoked && { bgcolor: 'grey.100', color: 'text.secondary' }) }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id={nameId} sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {account.name}
          </Typography>
          <Chip
            label={revoked ? t('staff.machines.card.revoked') : t('staff.machines.card.active')}
            color={revoked ? 'default' : 'success'}
            variant={revoked ? 'outlined' : 'filled'}
            size="small"
          />
        </Stack>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} aria-label={t('staff.machines.card.scopes')} role="list">
          {account.scopes.map((scope) => (
            <Chip key={scope} label={scope} size="small" variant="outlined" role="listitem" />
          ))}
        </Stack>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content minmax(0, 1fr)',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0 },
          }}
        >
          {facts.map(([testId, label, value]) => (
            <Box key={testId} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" data-testid={testId}>
                <DateTimeText text={value} />
              </Typography>
            </Box>
          ))}
        </Box>
        {!revoked && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => actions.onRotate(account)}>
              {t('staff.machines.card.rotateKey')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => actions.onRevoke(account)}>
              {t('staff.machines.accounts.revoke')}
            </Button>
          </Stack>
        )}
        <Divider />
        <ServiceAccountTriggers
          account={account}
          onEdit={revoked ? undefined : (trigger) => actions.onEditTrigger(account, trigger)}
          onRemove={revoked ? undefined : (trigger) => actions.onRemoveTrigger(account, trigger)}
        />
      </Stack>
    </Paper>
  );
}
