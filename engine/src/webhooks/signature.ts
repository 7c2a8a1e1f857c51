import { createHmac } from 'node:crypto';

/*
 * How a webhook is signed (issue #33 item 3): `PlantRide-Signature: t=<unix seconds>,v1=<hex>` where
 * each v1 is HMAC-SHA256 of `<t>.<body>` under a signing secret (two while a rotation overlaps). A
 * receiver checks one v1 against its secret and refuses an old `t` (5 minutes is usual).
 */

export const SIGNATURE_HEADER = 'PlantRide-Signature';

export function signatureHeader(body: string, secrets: readonly string[], at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const signatures = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
  return [`t=${t}`, ...signatures].join(',');
}
