import { Alert, Button, Checkbox, FormControlLabel, FormGroup, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import { SCAN_STEPS, SITE_WIDE, printedShortCode, type ScanStep } from '@plantride/schemas';
import { messageOf } from '../../../lib/api-client';
import { usePlaceCodes, useSetScanRule } from '../api/place-codes';

/** Each step a scan may be asked for, as the driver's buttons name it. */
export const SCAN_STEP_LABELS: Record<ScanStep, string> = {
  start: 'Special Task start',
  materialPicked: 'Material Picked',
  materialDropped: 'Material Dropped',
};

/**
 * Issue #34 item 2: which steps need a scan of the place's code, at one place or (SITE_WIDE) at every
 * place; off by default. For a place, its short code and a link to its printable sheet too.
 */
export function ScanRules({ placeId, placeName }: { placeId: string; placeName?: string }) {
  const codes = usePlaceCodes();
  const setRule = useSetScanRule();
  const siteWide = placeId === SITE_WIDE;
  const titleId = `scan-rules-${placeId === SITE_WIDE ? 'site' : placeId}`;
  const steps = codes.data?.rules.find((rule) => rule.placeId === placeId)?.steps ?? [];
  const everywhere = codes.data?.rules.find((rule) => rule.placeId === SITE_WIDE)?.steps ?? [];
  const code = codes.data?.places.find((place) => place.placeId === placeId) ?? null;

  const toggle = async (step: ScanStep, required: boolean) => {
    try {
      await setRule.mutateAsync({ placeId, step, required });
    } catch (error) {
      toast.error(messageOf(error, 'Could not change the scan rule.'));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2" id={titleId}>
          {siteWide ? 'Scans at every place' : 'Scans here'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {siteWide
            ? 'The steps that need a scan of the place’s QR code at every place. Off: no scan, as before.'
            : `The steps that need a scan of ${placeName ?? 'this place'}’s QR code, besides those asked at every place.`}
        </Typography>
        {codes.isError && <Alert severity="warning">{messageOf(codes.error, 'Could not load the scan rules.')}</Alert>}
        <FormGroup>
          {SCAN_STEPS.map((step) => (
            <FormControlLabel
              key={step}
              label={!siteWide && everywhere.includes(step) ? `${SCAN_STEP_LABELS[step]} (asked at every place)` : SCAN_STEP_LABELS[step]}
              control={
                <Checkbox
                  checked={steps.includes(step) || (!siteWide && everywhere.includes(step))}
                  disabled={!codes.data || setRule.isPending || (!siteWide && everywhere.includes(step))}
                  onChange={(e) => void toggle(step, e.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
        {!siteWide && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography data-testid="place-short-code">
              Code: {code?.shortCode ? printedShortCode(code.shortCode) : 'none yet (given when a scan is first asked)'}
            </Typography>
            {code?.qrText && (
              <Button component={RouterLink} to={`/site/codes/${encodeURIComponent(placeId)}`} variant="outlined" size="small">
                Printable QR sheet
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
