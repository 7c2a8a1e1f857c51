import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import QRCode from 'qrcode';
import { printedShortCode } from '@plantride/schemas';
import { messageOf } from '../../../lib/api-client';
import { usePlaceCodes } from '../api/place-codes';

/** The QR code as an SVG drawing (the `qrcode` package): sharp at any print size. */
function useQrSvg(text: string | null): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (text) void QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((made) => live && setSvg(made));
    return () => {
      live = false;
    };
  }, [text]);
  return svg;
}

/**
 * /site/codes/{placeId} (admin, issue #34 item 2): one place's sheet to print and put up there — its
 * name, its QR code (which carries an opaque token, not the name) and the short code to type under it.
 */
export function PlaceCodeSheet() {
  const { t } = useTranslation();
  const { placeId = '' } = useParams();
  const codes = usePlaceCodes();
  const place = codes.data?.places.find((candidate) => candidate.placeId === placeId) ?? null;
  const svg = useQrSvg(place?.qrText ?? null);

  if (codes.isError) return <Alert severity="error">{messageOf(codes.error, t('staff.site.sheet.loadFailed'))}</Alert>;
  if (!codes.data) return <CircularProgress aria-label={t('staff.site.sheet.loading')} />;
  if (!place?.qrText || !place.shortCode) return <Alert severity="warning">{t('staff.site.sheet.noCode')}</Alert>;

  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', p: { xs: 2, sm: 4 } }} component="main">
      <Stack direction="row" spacing={1} sx={{ displayPrint: 'none' }}>
        <Button variant="contained" onClick={() => window.print()}>
          {t('staff.site.sheet.print')}
        </Button>
        <Button component={RouterLink} to="/site" variant="outlined">
          {t('staff.site.sheet.back')}
        </Button>
      </Stack>
      <Typography variant="h3" component="h1" sx={{ overflowWrap: 'anywhere', fontWeight: 700 }} data-testid="sheet-place-name">
        {place.name}
      </Typography>
      <Typography>
        {t('staff.site.sheet.scanHere', { picked: t('driver.steps.materialPicked'), dropped: t('driver.steps.materialDropped') })}
      </Typography>
      {svg ? (
        <Box
          role="img"
          aria-label={t('staff.site.sheet.qr', { name: place.name })}
          data-testid="sheet-qr"
          sx={{ width: 'min(80vw, 12cm)', '& svg': { width: '100%', height: 'auto', display: 'block' } }}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      ) : (
        <CircularProgress aria-label={t('staff.site.sheet.drawing')} />
      )}
      <Box>
        <Typography variant="body2">{t('staff.site.sheet.typeCode')}</Typography>
        <Typography
          variant="h3"
          component="p"
          sx={{ fontFamily: 'ui-monospace, monospace', letterSpacing: '0.15em', fontWeight: 700 }}
          data-testid="sheet-short-code"
        >
          {printedShortCode(place.shortCode)}
        </Typography>
      </Box>
    </Stack>
  );
}
