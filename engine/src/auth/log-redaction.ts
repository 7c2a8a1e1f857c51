/**
 * What the logger never writes in clear (pino `redact`): session tokens, cookies, passwords and
 * their hashes, one-time codes, wherever a request, a reply or a logged object carries them.
 */
export const LOG_REDACTION = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    'headers.authorization',
    'headers.cookie',
    'password',
    'passwordHash',
    'activation_code',
    'activationCode',
    'codeHash',
    'jwt_token',
    'token',
    '*.password',
    '*.passwordHash',
    '*.activation_code',
    '*.activationCode',
    '*.codeHash',
    '*.jwt_token',
    '*.token',
    '*.*.password',
    '*.*.jwt_token',
  ],
  censor: '[redacted]',
};
