import webpush from 'web-push';

/*
 * `npm run vapid`: a new VAPID key pair for Web Push (issue #34 item 1), as the three lines the engine's
 * environment takes. The private key is a secret: put it where the other secrets live, not in git.
 * Changing the pair later drops every device's subscription (browsers tie one to the key it was made for).
 */
const subject = process.argv[2] ?? 'mailto:transport-admin@example.com';
if (!/^(mailto:|https:\/\/)\S+$/.test(subject)) {
  console.error('usage: npm run vapid -- [mailto:someone@your-plant.example | https://your-plant.example]');
  process.exit(2);
}
const { publicKey, privateKey } = webpush.generateVAPIDKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}\nVAPID_SUBJECT=${subject}`);
